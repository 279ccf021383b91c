import { socialCards } from '@party/shared-contracts';
import { PageFrame, PageHero, Section } from '@party/shared-ui';
import { supportedEventTypes } from '../features/events/events';
import { EventsBrowser } from '../features/events/EventsBrowser';
import { EventsUnavailable } from '../features/events/EventsUnavailable';
import { useEventCalendar } from '../features/events/useEventData';
import styles from '../features/events/Events.module.css';
import { ActionLink } from '../ui/ActionLink';
import { Icon } from '../ui/Icon';

const meta = {
  title: 'Events',
  description:
    'Town halls, policy labs, training and debates, in person and online. Find a Refoundation Party event near you.',
  image: socialCards.events,
};

export default function EventsPage() {
  const calendar = useEventCalendar();
  return (
    <PageFrame meta={meta}>
      <PageHero
        eyebrow="Events"
        heading="Meet us, question us, work with us."
        lead="Town halls with unscreened questions, open drafting sessions and training for volunteers, across the country and online."
      />
      <Section id="calendar" heading="Calendar">
        {calendar.state === 'loaded' ? (
          <EventsBrowser calendar={calendar.value} />
        ) : (
          <EventsUnavailable load={calendar} />
        )}
      </Section>
      <Section
        id="host-an-event"
        tone="alt"
        heading="Host an event"
        intro="Chapters and members can run their own events with support from the national team: speakers, materials, and help with access and costs."
      >
        <div className={styles.support}>
          <ul className={styles.supportList}>
            {supportedEventTypes.map((type) => (
              <li key={type}>
                <Icon name="check" size={18} />
                {type}
              </li>
            ))}
          </ul>
          <div className={styles.supportAction}>
            <ActionLink to="/contact">Request Event Support</ActionLink>
          </div>
        </div>
      </Section>
    </PageFrame>
  );
}
