import { eventCalendarFile, eventPage, socialCards, type PartyEvent } from '@party/shared-contracts';
import { useParams } from 'react-router';
import { eventDateText, eventInstants, eventTimeText } from '../features/events/event-times';
import { EventsUnavailable } from '../features/events/EventsUnavailable';
import styles from '../features/events/Events.module.css';
import { useEvent } from '../features/events/useEventData';
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

/** What registering now gives, said above the form. */
function placesText({ registration }: PartyEvent): string {
  if (registration.state === 'waitlist')
    return registration.waitlist > 0 ? `Full: ${registration.waitlist} on the waitlist.` : 'Full.';
  if (registration.placesLeft === null) return 'Places are free and open to everyone.';
  return `${registration.placesLeft} ${registration.placesLeft === 1 ? 'place' : 'places'} left.`;
}

export default function EventDetailPage() {
  const id = useParams().eventId ?? '';
  const load = useEvent(id);

  if (load.state !== 'loaded') {
    return (
      <PageFrame
        meta={{ title: 'Event', description: 'An event of the Refoundation Party.', image: socialCards.events }}
      >
        <DetailPage backTo="/events" backLabel="All events">
          <EventsUnavailable load={load} />
        </DetailPage>
      </PageFrame>
    );
  }
  const event = load.value;
  if (!event) {
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

  const { past, cancelled, registration } = event;
  return (
    <PageFrame
      meta={{
        title: event.title,
        description: event.description,
        image: socialCards.events,
        structuredData: eventData(event, eventPage(event.id)),
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
            <dd>{event.type === 'virtual' ? 'Online: the link comes with your confirmed place' : event.location}</dd>
          </div>
        </dl>
        {cancelled && (
          <p className={styles.cancelledNote}>This event is cancelled. Everyone registered has been told by email.</p>
        )}
        {past && !cancelled && <p className={styles.pastNote}>This event has taken place. Here is what happened.</p>}
        {!past && !cancelled && (
          <div className={styles.placeState}>
            <p>{registration.state === 'closed' ? 'Registration is closed.' : placesText(event)}</p>
            <a href={eventCalendarFile(event.id)} className="button button-outline" download>
              Add to my calendar
            </a>
          </div>
        )}
        {(event.details ?? []).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {!past && !cancelled && registration.state !== 'closed' && (
          <div id="register" className={styles.registration}>
            <RemoteWidgetSlot
              widget="mf-engagement/EventRegistration"
              props={{ eventId: event.id, eventTitle: event.title, registration }}
              what="event registration"
            />
          </div>
        )}
      </DetailPage>
    </PageFrame>
  );
}
