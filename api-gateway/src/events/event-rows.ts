import type { EventRegistrationState, PartyEvent } from '@party/shared-contracts';
import type { Queryable } from '../platform/index.js';
import { localTimes } from './event-times.js';

/** An event as the database holds it, with its places counted. */
export interface EventRow {
  id: string;
  title: string;
  summary: string;
  details: string[];
  type: PartyEvent['type'];
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  place: string;
  join_url: string | null;
  capacity: number | null;
  registration_closes_at: Date | null;
  offer_hours: number;
  remind_day_before: string | null;
  remind_same_day: string | null;
  cancelled_at: Date | null;
  sequence: number;
  updated_at: Date;
  held: number;
  waitlisted: number;
}

/** The columns of EventRow, of `events e`, with its places counted from `event_registrations`. */
export const EVENT_COLUMNS = `e.id, e.title, e.summary, e.details, e.type, e.time_zone, e.starts_at, e.ends_at, e.place,
  e.join_url, e.capacity, e.registration_closes_at, e.offer_hours, e.remind_day_before::text, e.remind_same_day::text,
  e.cancelled_at, e.sequence, e.updated_at,
  (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id AND r.status IN ('confirmed', 'offered')) AS held,
  (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'waitlisted') AS waitlisted`;

/** Whether registering now would give a place, a place in the queue, or nothing. */
export function registrationState(row: EventRow, now: Date): EventRegistrationState {
  const closes = row.registration_closes_at ?? row.starts_at;
  const placesLeft = row.capacity === null ? null : Math.max(0, row.capacity - row.held);
  const state =
    row.cancelled_at || closes <= now
      ? 'closed'
      : placesLeft === null || (placesLeft > 0 && row.waitlisted === 0)
        ? 'open'
        : 'waitlist';
  return { state, placesLeft, waitlist: row.waitlisted };
}

/** The event as its public pages show it: never its joining link. */
export function publicEvent(row: EventRow, now: Date, withDetails: boolean): PartyEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.summary,
    ...(withDetails ? { details: row.details } : {}),
    type: row.type,
    ...localTimes(row.starts_at, row.ends_at, row.time_zone),
    timeZone: row.time_zone,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    location: row.place,
    past: row.ends_at <= now,
    cancelled: row.cancelled_at !== null,
    registration: registrationState(row, now),
  };
}

/**
 * One event, locked for the caller's transaction when `lock` (every change to its places takes it
 * first). The lock is taken by a statement of its own: its places are then counted by the next,
 * which sees what the transaction that held the lock before had written.
 */
export async function eventRow(db: Queryable, id: string, lock = false): Promise<EventRow | null> {
  if (lock) await db.query('SELECT 1 FROM events WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events e WHERE e.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The events of `ids`, in one statement. */
export async function eventRows(db: Queryable, ids: readonly string[]): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events e WHERE e.id = ANY($1::text[])`, [
    ids,
  ]);
  return rows;
}
