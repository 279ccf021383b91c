import { Link } from 'react-router';
import { eventLinks, eventPage, type EventPlace } from '@party/shared-contracts';
import { useRenderedOrRead } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import { memberPlaces } from '../event-places/event-places-api';
import styles from './Members.module.css';

const statusWords: Record<EventPlace['status'], string> = {
  confirmed: 'Place confirmed',
  waitlisted: 'On the waitlist',
  offered: 'A place is offered to you',
  cancelled: 'Cancelled',
};

const statusOf = (place: EventPlace) =>
  place.status === 'waitlisted' ? `${statusWords.waitlisted}: number ${place.position}` : statusWords[place.status];

/**
 * The member's registrations for events, made under their address, each linking to its place's page
 * (its code, cancelling it): as the gateway rendered the account page, or read when shown.
 */
export function MemberEvents() {
  const { load } = useRenderedOrRead((data) => data.memberEventPlaces, memberPlaces, eventLinks.memberPlacesEndpoint);
  const places = load.state === 'loaded' ? load.value : null;

  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby="events-heading">
      <h2 id="events-heading" className={card.heading}>
        Your events
      </h2>
      {places === null ? (
        <p className={styles.aside} role="status">
          {load.state === 'failed' ? 'Your events could not be loaded just now.' : 'Loading your events…'}
        </p>
      ) : places.length === 0 ? (
        <p className={styles.aside}>
          You have not registered for any event with this address. <Link to="/events">See our events</Link>
        </p>
      ) : (
        <ul className={styles.places}>
          {places.map((place) => (
            <li key={place.token}>
              <Link to={eventPage(place.event.id)}>{place.event.title}</Link>
              <span>
                {place.event.date} {place.event.day.slice(0, 4)}, {place.event.time} {place.event.zoneName}
              </span>
              <span>
                {statusOf(place)}
                {place.status !== 'cancelled' && !place.event.past && (
                  <>
                    {' · '}
                    <Link to={`${eventLinks.placePage}?token=${encodeURIComponent(place.token)}`}>
                      {place.status === 'confirmed' ? 'Your code, or cancel' : 'See or change'}
                      <span className="visually-hidden"> ({place.event.title})</span>
                    </Link>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
