import { socialCards } from '@party/shared-contracts';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { NewsList } from '../features/news/NewsList';
import { RemoteWidgetSlot } from '../ui/RemoteWidgetSlot';

const meta = {
  title: 'News',
  description:
    'Press releases, research, analysis and campaign news from the Refoundation Party, with the evidence behind every story.',
  image: socialCards.news,
};

export default function NewsPage() {
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="News"
        heading="News and research"
        lead="What we are proposing, what the evidence says, and what our members are doing across 32 states."
      />
      <Section id="articles" heading="Latest articles">
        <NewsList />
      </Section>
      {/* The sign-up brings its own heading. */}
      <div id="newsletter" className="page-section page-section-alt">
        <div className="page-section-inner">
          <RemoteWidgetSlot
            widget="mf-engagement/NewsletterSignup"
            props={{ idPrefix: 'news', layout: 'band', headingLevel: 2 }}
            what="newsletter sign-up"
          />
        </div>
      </div>
    </PageFrame>
  );
}
