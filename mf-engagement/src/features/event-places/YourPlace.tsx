import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { eventCalendarFile, eventLinks, eventPage, type EventPlace } from '@party/shared-contracts';
import { useLinkToken } from '@party/shared-ui';
import card from '../../ui/FormCard.module.css';
import { PlaceAction } from './PlaceAction';
import { useEventPlace } from './useEventPlace';
import styles from './YourPlace.module.css';

const whenOf = ({ event }: EventPlace) => `${event.date} ${event.day.slice(0, 4)}, ${event.time} ${event.zoneName}`;

function PlaceStatus({ place, token }: { place: EventPlace; token: string }) {
  const { event } = place;
  switch (place.status) {
    case 'confirmed':
      return (
        <>
          <p className={styles.status} data-status="confirmed">
            Your place is confirmed.
          </p>
          <div className={styles.code}>
            <img
              src={`${eventLinks.placeEndpoint}/check-in.svg?token=${encodeURIComponent(token)}`}
              alt=""
              width={144}
              height={144}
            />
            <p>
              Your check-in code
              <strong>{place.checkInCode}</strong>
              Show it, or this QR code, at the door.
            </p>
          </div>
          {place.joinUrl && (
            <p>
              Join online: <a href={place.joinUrl}>{place.joinUrl}</a>
            </p>
          )}
        </>
      );
    case 'waitlisted':
      return (
        <p className={styles.status} data-status="waitlisted">
          You are number {place.position} on the waitlist. We will email you if a place comes free.
        </p>
      );
    case 'offered':
      return (
        <p className={styles.status} data-status="offered">
          A place has come free for you. It is held until{' '}
          {new Date(place.offerExpiresAt!).toLocaleString('en-GB', {
            timeZone: event.timeZone,
            dateStyle: 'full',
            timeStyle: 'short',
          })}{' '}
          ({event.zoneName}).
        </p>
      );
    default:
      return (
        <p className={styles.status} data-status="cancelled">
          This place is cancelled.{' '}
          {!event.past && !event.cancelled && <Link to={eventPage(event.id)}>Register again</Link>}
        </p>
      );
  }
}

/**
 * A person's place at an event, opened from the link in their emails (no account needed): where
 * it stands, the check-in code, an online event's link once confirmed; cancelling it, and taking
 * a place offered from the waitlist.
 */
export function YourPlace() {
  const token = useLinkToken();
  const { load, shown } = useEventPlace();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const place = load.state === 'loaded' ? load.value : null;
  const status = place?.status ?? null;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else headingRef.current?.focus();
  }, [status]);

  if (!place) {
    return (
      <div className={`${card.card} ${styles.card}`} role="status">
        <p>
          {load.state === 'loading'
            ? 'Loading your place…'
            : load.state === 'failed'
              ? 'We could not load your place just now. Please try again in a few minutes.'
              : 'This link is not valid. Use the link in your latest email about this event.'}
        </p>
      </div>
    );
  }
  const { event } = place;
  const open = !event.past && !event.cancelled;
  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby="your-place-heading">
      <h2 id="your-place-heading" className={card.heading} ref={headingRef} tabIndex={-1}>
        {event.title}
      </h2>
      <p className={styles.when}>
        {whenOf(place)} · {event.type === 'virtual' ? 'Online' : event.location}
      </p>
      {event.cancelled && <p className={styles.status}>This event is cancelled.</p>}
      <div aria-live="polite">
        <PlaceStatus place={place} token={token} />
      </div>
      {open && place.status !== 'cancelled' && (
        <div className={styles.actions}>
          {place.status === 'offered' && (
            <PlaceAction
              endpoint={eventLinks.placeAcceptEndpoint}
              pageForm="eventPlaceAcceptance"
              label="Take the place"
              pendingLabel="Taking it..."
              variant="primary"
              onPlace={shown}
            />
          )}
          <PlaceAction
            endpoint={eventLinks.placeCancelEndpoint}
            pageForm="eventPlaceCancellation"
            label={
              place.status === 'confirmed'
                ? 'Cancel my place'
                : place.status === 'offered'
                  ? 'No, thank you'
                  : 'Leave the waitlist'
            }
            pendingLabel="Cancelling..."
            variant="outline"
            onPlace={shown}
          />
        </div>
      )}
      <p className={styles.links}>
        <Link to={eventPage(event.id)}>About the event</Link>
        {open && place.status === 'confirmed' && <a href={eventCalendarFile(event.id)}>Add to my calendar</a>}
      </p>
    </section>
  );
}
