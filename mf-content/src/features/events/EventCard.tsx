import { Link } from 'react-router';
import { Icon } from '../../ui/Icon';
import { eventDateText, eventInstants, eventTimeText, eventWeekday } from './event-times';
import { eventPage as eventUrl, type PartyEvent } from '@party/shared-contracts';
import styles from './Events.module.css';

export function EventCard({ event, past }: { event: PartyEvent; past: boolean }) {
  const [day, month] = event.date.split(' ');
  return (
    <li className={styles.card}>
      <p className={styles.date} aria-hidden="true">
        <span className={styles.day}>{day}</span>
        <span className={styles.month}>{month}</span>
        <span className={styles.year}>{event.day.slice(0, 4)}</span>
      </p>
      <div className={styles.body}>
        <p className={styles.type} data-type={event.type}>
          <Icon name={event.type === 'virtual' ? 'video' : 'mapPin'} size={16} />
          {event.type === 'virtual' ? 'Virtual' : 'In-Person'}
        </p>
        <h3>{event.title}</h3>
        <p className={styles.when}>
          {/* The date is on the card's calendar leaf; read out here, shown once. */}
          <time dateTime={eventInstants(event).start}>
            <span className="visually-hidden">{eventDateText(event)}, </span>
            <span aria-hidden="true">{eventWeekday(event)}</span> · {eventTimeText(event)}
          </time>{' '}
          · <span>{event.location}</span>
        </p>
        <p className={styles.description}>{event.description}</p>
        <Link
          to={past ? eventUrl(event.id) : `${eventUrl(event.id)}#register`}
          className={styles.link}
          aria-label={`${past ? 'View recap' : 'Register'}: ${event.title}`}
        >
          {past ? 'View Recap →' : 'Register →'}
        </Link>
      </div>
    </li>
  );
}
