import { socialCards } from '@party/shared-contracts';
import { useParams } from 'react-router';
import { eventDateText, eventInstants, eventTimeText } from '../features/events/event-times';
import { eventDetails } from '../features/events/event-details';
import { eventUrl, findEvent } from '../features/events/events';
import styles from '../features/events/Events.module.css';
import { DetailPage } from '../ui/DetailPage';
import { Icon } from '../ui/Icon';
import { NotFoundNotice } from '../ui/NotFoundNotice';
import { RemoteWidgetSlot } from '../ui/RemoteWidgetSlot';
import { eventData } from '../features/events/event-structured-data';
import { PageFrame } from '@party/shared-ui';

const missingMeta = {
  title: 'Event not found',
  description: 'This event does not exist or has been moved.',
  status: 404,
} as const;

export default function EventDetailPage() {
  const found = findEvent(useParams().eventId);

  if (!found) {
    return (
      <PageFrame meta={missingMeta}>
        <NotFoundNotice
          heading="Event not found"
          message="We could not find this event. It may have been moved, or the link may be mistyped."
          backTo="/events"
          backLabel="See all events"
        />
      </PageFrame>
    );
  }

  const { event, past } = found;
  return (
    <PageFrame
      meta={{
        title: event.title,
        description: event.description,
        image: socialCards.events,
        structuredData: eventData(event, eventUrl(event)),
      }}
    >
      <DetailPage backTo="/events" backLabel="All events">
        <p className={styles.type} data-type={event.type}>
          <Icon name={event.type === 'virtual' ? 'video' : 'mapPin'} size={16} />
          {event.type === 'virtual' ? 'Virtual' : 'In-Person'}
        </p>
        <h1>{event.title}</h1>
        <dl className={styles.facts}>
          <div>
            <dt>
              <Icon name="calendar" size={20} />
              <span className="visually-hidden">Date</span>
            </dt>
            <dd>
              <time dateTime={event.day}>{eventDateText(event)}</time>
            </dd>
          </div>
          <div>
            <dt>
              <Icon name="clock" size={20} />
              <span className="visually-hidden">Time</span>
            </dt>
            <dd>
              <time dateTime={eventInstants(event).start}>{eventTimeText(event)}</time>
            </dd>
          </div>
          <div>
            <dt>
              <Icon name="mapPin" size={20} />
              <span className="visually-hidden">Place</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
        </dl>
        {past && <p className={styles.pastNote}>This event has taken place. Here is what happened.</p>}
        {(eventDetails[event.id] ?? []).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {!past && (
          <div id="register" className={styles.registration}>
            <RemoteWidgetSlot
              widget="mf-engagement/EventRegistration"
              props={{ eventId: event.id, eventTitle: event.title }}
              what="event registration"
            />
          </div>
        )}
      </DetailPage>
    </PageFrame>
  );
}
