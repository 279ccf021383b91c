import { HydrateWhenSeen, PageFrame, PageHero, Section } from '@party/shared-ui';
import { EventCard } from '../features/events/EventCard';
import { EventsUnavailable } from '../features/events/EventsUnavailable';
import { useEventCalendar } from '../features/events/useEventData';
import eventStyles from '../features/events/Events.module.css';
import { ClosingCallToAction } from '../features/home/ClosingCallToAction';
import { ManifestoSummary } from '../features/home/ManifestoSummary';
import { PublicPromise } from '../features/home/PublicPromise';
import { ArticleCard } from '../features/news/ArticleCard';
import { latestArticles } from '../features/news/articles';
import card from '../ui/Card.module.css';
import { ActionLink } from '../ui/ActionLink';
import { organizationData } from '../ui/structured-data';

const meta = {
  title: 'Evidence-based, technology-enabled government',
  description:
    'The Refoundation Party: not patching broken systems, replacing them. Read our manifesto, our policies and how to join.',
  structuredData: organizationData,
};

/** The next two events, soonest first. */
function NextEvents() {
  const calendar = useEventCalendar();
  if (calendar.state !== 'loaded') return <EventsUnavailable load={calendar} />;
  return (
    <ul className={eventStyles.list}>
      {calendar.value.upcoming.slice(0, 2).map((event) => (
        <EventCard key={event.id} event={event} past={false} />
      ))}
    </ul>
  );
}

export default function HomePage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Civic Refoundation"
        heading="Not patching broken systems. Replacing them."
        lead="We are building a government that works like the best public services you have ever used: honest about evidence, open about decisions, and designed around your time."
      >
        <ActionLink to="/policy" tone="accent">
          Read Our Manifesto
        </ActionLink>
        <ActionLink to="/join" tone="on-dark">
          Join the Movement
        </ActionLink>
      </PageHero>
      {/* Below the hero, links and text alone: hydrated as the visitor reaches them. */}
      <HydrateWhenSeen id="home-manifesto">
        <ManifestoSummary />
      </HydrateWhenSeen>
      <HydrateWhenSeen id="home-latest-news">
        <Section
          id="latest-news"
          heading="Latest news and research"
          intro="What we have published, tabled and found, newest first."
        >
          <ul className={card.grid}>
            {latestArticles(3).map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
          <p className={card.more}>
            <ActionLink to="/news">All news and research</ActionLink>
          </p>
        </Section>
      </HydrateWhenSeen>
      <HydrateWhenSeen id="home-next-events">
        <Section
          id="next-events"
          tone="alt"
          heading="Coming up"
          intro="Town halls and policy labs, in person and online: come and ask us anything."
        >
          <NextEvents />
          <p className={card.more}>
            <ActionLink to="/events">All events</ActionLink>
          </p>
        </Section>
      </HydrateWhenSeen>
      <HydrateWhenSeen id="home-public-promise">
        <PublicPromise />
      </HydrateWhenSeen>
      <HydrateWhenSeen id="home-closing">
        <ClosingCallToAction />
      </HydrateWhenSeen>
    </PageFrame>
  );
}
