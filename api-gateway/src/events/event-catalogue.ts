import type { EventCalendar, EventDraft, PartyEvent, StaffEventRow } from '@party/shared-contracts';
import type { Database, Queryable, SignedLinks } from '../platform/index.js';
import { eventCancelledEmail, eventChangedEmail, type EventMailContext } from './event-emails.js';
import {
  placeHolder,
  queueEmails,
  refusal,
  REGISTRATION_COLUMNS,
  type EventPlaces,
  type RegistrationRow,
} from './event-places.js';
import { EVENT_COLUMNS, eventRow, publicEvent, type EventRow } from './event-rows.js';
import { instantIn, isTimeZone, spokenTime, wallClock } from './event-times.js';

/** A draft's fields as the database takes them; a 400 naming the field for what the schema cannot check. */
function columnsOf(draft: EventDraft) {
  if (!isTimeZone(draft.timeZone))
    throw refusal(400, 'Some fields need your attention.', { timeZone: 'Not a time zone, such as America/Denver' });
  const startsAt = instantIn(draft.date, draft.startTime, draft.timeZone);
  let endsAt = instantIn(draft.date, draft.endTime, draft.timeZone);
  // An end before the start is the next day's (an evening that runs past midnight).
  if (endsAt <= startsAt) endsAt = new Date(endsAt.getTime() + 24 * 3_600_000);
  const closes = draft.registrationCloses
    ? instantIn(draft.registrationCloses.slice(0, 10), draft.registrationCloses.slice(11), draft.timeZone)
    : null;
  if (closes && closes > startsAt)
    throw refusal(400, 'Some fields need your attention.', {
      registrationCloses: 'Registration must close before the event starts',
    });
  if (draft.type === 'virtual' && !draft.joinUrl)
    throw refusal(400, 'Some fields need your attention.', { joinUrl: 'An online event needs its joining link' });
  return {
    title: draft.title,
    summary: draft.description,
    details: draft.details
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
    type: draft.type,
    time_zone: draft.timeZone,
    starts_at: startsAt,
    ends_at: endsAt,
    place: draft.location,
    join_url: draft.joinUrl || null,
    capacity: draft.capacity ? Number(draft.capacity) : null,
    registration_closes_at: closes,
    offer_hours: Number(draft.offerHours),
    remind_day_before: draft.remindDayBefore || null,
    remind_same_day: draft.remindSameDay || null,
  };
}

/** An event as the console's form shows it. */
function staffRow(row: EventRow & { confirmed: number; offered: number; attended: number }, now: Date): StaffEventRow {
  const start = wallClock(row.starts_at, row.time_zone);
  const closes = row.registration_closes_at && wallClock(row.registration_closes_at, row.time_zone);
  return {
    id: row.id,
    title: row.title,
    description: row.summary,
    details: row.details.join('\n\n'),
    type: row.type,
    timeZone: row.time_zone,
    date: start.day,
    startTime: start.clock,
    endTime: wallClock(row.ends_at, row.time_zone).clock,
    location: row.place,
    joinUrl: row.join_url ?? '',
    capacity: row.capacity === null ? '' : String(row.capacity),
    registrationCloses: closes ? `${closes.day}T${closes.clock}` : '',
    offerHours: String(row.offer_hours),
    remindDayBefore: row.remind_day_before?.slice(0, 5) ?? '',
    remindSameDay: row.remind_same_day?.slice(0, 5) ?? '',
    cancelled: row.cancelled_at !== null,
    past: row.ends_at <= now,
    when: spokenTime(row.starts_at, row.time_zone),
    counts: { confirmed: row.confirmed, offered: row.offered, waitlisted: row.waitlisted, attended: row.attended },
  };
}

/**
 * The events: what the public pages list, and what staff create, change and cancel. A change of
 * time or place raises the event's SEQUENCE and sends each confirmed person the updated calendar
 * entry; a cancellation sends METHOD:CANCEL; a larger capacity offers the new places to the queue.
 */
export function eventCatalogue(
  db: Database,
  places: EventPlaces,
  mail: () => EventMailContext,
  onEmailQueued: () => void,
  links: Pick<SignedLinks, 'sign'>,
) {
  const peopleOf = async (tx: Queryable, id: string, statuses: string[]) =>
    (
      await tx.query<RegistrationRow>(
        `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.event_id = $1 AND r.status = ANY($2::text[]) ORDER BY r.queue_order`,
        [id, statuses],
      )
    ).rows;
  const holder = (row: RegistrationRow) => placeHolder(links, row);
  const queue = queueEmails;

  const staffColumns = `${EVENT_COLUMNS},
    (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'confirmed') AS confirmed,
    (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'offered') AS offered,
    (SELECT count(*)::int FROM event_registrations r WHERE r.event_id = e.id AND r.attended_at IS NOT NULL) AS attended`;

  return {
    /** Upcoming events soonest first, past ones latest first; cancelled ones are listed no more. */
    async calendar(): Promise<EventCalendar> {
      const now = new Date();
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.cancelled_at IS NULL ORDER BY e.starts_at`,
      );
      const events = rows.map((row) => publicEvent(row, now, false));
      return { upcoming: events.filter((event) => !event.past), past: events.filter((event) => event.past).reverse() };
    },

    /** One event with its programme or recap (a cancelled one says so); null: no such event. */
    async event(id: string): Promise<PartyEvent | null> {
      const row = await eventRow(db, id);
      return row && publicEvent(row, new Date(), true);
    },

    /** What a public calendar entry is made of. */
    row: (id: string) => eventRow(db, id),

    async staffList(): Promise<StaffEventRow[]> {
      const now = new Date();
      const { rows } = await db.query<EventRow & { confirmed: number; offered: number; attended: number }>(
        `SELECT ${staffColumns} FROM events e ORDER BY e.starts_at DESC LIMIT 500`,
      );
      return rows.map((row) => staffRow(row, now));
    },

    async create(draft: EventDraft): Promise<void> {
      const columns = columnsOf(draft);
      const names = Object.keys(columns);
      const { rows } = await db.query(
        `INSERT INTO events (id, ${names.join(', ')}) VALUES ($1, ${names.map((_, index) => `$${index + 2}`).join(', ')})
         ON CONFLICT (id) DO NOTHING RETURNING 1`,
        [draft.id, ...Object.values(columns)],
      );
      if (rows.length === 0)
        throw refusal(409, 'Another event has this address.', { id: 'Another event has this address' });
    },

    /** Changes an event; false: no such event. */
    async update(id: string, draft: EventDraft): Promise<boolean> {
      const columns = columnsOf(draft);
      const changed = await db.transaction(async (tx) => {
        const before = await eventRow(tx, id, true);
        if (!before) return false;
        if (before.cancelled_at) throw refusal(409, 'A cancelled event cannot be changed.');
        const moved =
          before.starts_at.getTime() !== columns.starts_at.getTime() ||
          before.ends_at.getTime() !== columns.ends_at.getTime() ||
          before.place !== columns.place ||
          before.join_url !== columns.join_url ||
          before.title !== columns.title;
        const names = Object.keys(columns);
        await tx.query(
          `UPDATE events SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')},
                  sequence = sequence + $${names.length + 2}, updated_at = now()
            WHERE id = $1`,
          [id, ...Object.values(columns), moved ? 1 : 0],
        );
        if (moved) {
          const after = (await eventRow(tx, id))!;
          const context = mail();
          await queue(
            tx,
            (await peopleOf(tx, id, ['confirmed'])).map((row) => eventChangedEmail(after, holder(row), context)),
          );
          // A moved event's reminders are due again at its new time.
          if (before.starts_at.getTime() !== after.starts_at.getTime())
            await tx.query(
              'UPDATE event_registrations SET day_before_reminded_at = NULL, same_day_reminded_at = NULL WHERE event_id = $1',
              [id],
            );
        }
        await places.offerFreedPlaces(tx, id);
        return true;
      });
      onEmailQueued();
      return changed;
    },

    /** Cancels an event and tells everyone registered; false: no such event. */
    async cancel(id: string): Promise<boolean> {
      const cancelled = await db.transaction(async (tx) => {
        const before = await eventRow(tx, id, true);
        if (!before) return false;
        if (before.cancelled_at) return true;
        await tx.query(
          'UPDATE events SET cancelled_at = now(), sequence = sequence + 1, updated_at = now() WHERE id = $1',
          [id],
        );
        const after = (await eventRow(tx, id))!;
        const context = mail();
        const people = await peopleOf(tx, id, ['confirmed', 'offered', 'waitlisted']);
        await queue(
          tx,
          people.map((row) => eventCancelledEmail(after, holder(row), row.status === 'confirmed', context)),
        );
        return true;
      });
      onEmailQueued();
      return cancelled;
    },
  };
}

export type EventCatalogue = ReturnType<typeof eventCatalogue>;
