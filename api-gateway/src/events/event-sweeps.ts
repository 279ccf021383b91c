import type { Database, Logger, SignedLinks } from '../platform/index.js';
import { offerLapsedEmail, reminderEmail, type EventMailContext } from './event-emails.js';
import {
  placeHolder,
  queueEmails,
  REGISTRATION_COLUMNS,
  type EventPlaces,
  type RegistrationRow,
} from './event-places.js';
import { eventRow } from './event-rows.js';

/** A reminder's column, and when it is due and until when, as SQL over `events e`. */
const reminders = {
  'day-before': {
    column: 'day_before_reminded_at',
    due: `((date(e.starts_at AT TIME ZONE e.time_zone) - 1) + e.remind_day_before) AT TIME ZONE e.time_zone`,
    // Once the event's day has begun, "tomorrow" would be wrong: the same-day one is due instead.
    until: `date(e.starts_at AT TIME ZONE e.time_zone)::timestamp AT TIME ZONE e.time_zone`,
    set: 'e.remind_day_before IS NOT NULL',
  },
  'same-day': {
    column: 'same_day_reminded_at',
    due: `(date(e.starts_at AT TIME ZONE e.time_zone) + e.remind_same_day) AT TIME ZONE e.time_zone`,
    until: 'e.starts_at',
    set: 'e.remind_same_day IS NOT NULL',
  },
} as const;

/** How many places one round takes in one transaction. */
const BATCH = 200;

/**
 * What happens to places with time: an offer not taken in time passes to the next in the queue,
 * and each confirmed place gets its reminders. Every gateway may run the rounds: a reminder is
 * marked sent in the transaction that queues it, its row locked and skipped by any other gateway,
 * so each goes once; a place cancelled (or registered after a reminder's time) gets none.
 */
export function eventSweeps(
  db: Database,
  places: EventPlaces,
  links: Pick<SignedLinks, 'sign'>,
  mail: () => EventMailContext,
  onEmailQueued: () => void,
) {
  async function lapseOffers(): Promise<number> {
    const { rows: events } = await db.query<{ event_id: string }>(
      `SELECT DISTINCT event_id FROM event_registrations WHERE status = 'offered' AND offer_expires_at <= now()`,
    );
    let lapsed = 0;
    for (const { event_id: id } of events) {
      lapsed += await db.transaction(async (tx) => {
        const event = await eventRow(tx, id, true);
        if (!event) return 0;
        const { rows } = await tx.query<RegistrationRow>(
          `UPDATE event_registrations r SET status = 'cancelled', status_changed_at = now(), offer_expires_at = NULL
            WHERE r.event_id = $1 AND r.status = 'offered' AND r.offer_expires_at <= now()
            RETURNING ${REGISTRATION_COLUMNS}`,
          [id],
        );
        const context = mail();
        await queueEmails(
          tx,
          rows.map((row) => offerLapsedEmail(event, placeHolder(links, row), context)),
        );
        await places.offerFreedPlaces(tx, id);
        return rows.length;
      });
    }
    return lapsed;
  }

  async function remind(when: keyof typeof reminders): Promise<number> {
    const { column, due, until, set } = reminders[when];
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<RegistrationRow>(
        `WITH due AS (
           SELECT r.id FROM event_registrations r JOIN events e ON e.id = r.event_id
            WHERE r.status = 'confirmed' AND r.${column} IS NULL AND e.cancelled_at IS NULL AND ${set}
              AND now() >= ${due} AND now() < ${until} AND r.status_changed_at < ${due}
            ORDER BY r.id LIMIT ${BATCH}
            FOR UPDATE OF r SKIP LOCKED
         )
         UPDATE event_registrations r SET ${column} = now() FROM due WHERE r.id = due.id
         RETURNING ${REGISTRATION_COLUMNS}`,
      );
      const context = mail();
      for (const row of rows) {
        const event = await eventRow(tx, row.event_id);
        if (event) await queueEmails(tx, [reminderEmail(event, placeHolder(links, row), when, context)]);
      }
      return rows.length;
    });
  }

  /** Places freed outside a cancellation (an erasure, a retention rule) offered to the queue. */
  async function offerStrayPlaces(): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT e.id FROM events e
        WHERE e.cancelled_at IS NULL AND e.starts_at > now()
          AND EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'waitlisted')
          AND (e.capacity IS NULL OR e.capacity >
               (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status IN ('confirmed', 'offered')))`,
    );
    for (const { id } of rows) {
      await db.transaction(async (tx) => {
        await eventRow(tx, id, true);
        await places.offerFreedPlaces(tx, id);
      });
    }
    return rows.length;
  }

  /** One round of each; what it did. */
  async function round(): Promise<{ lapsed: number; reminded: number }> {
    const lapsed = await lapseOffers();
    const offered = await offerStrayPlaces();
    let reminded = 0;
    for (const when of ['day-before', 'same-day'] as const) {
      for (let batch = await remind(when); batch > 0; batch = batch === BATCH ? await remind(when) : 0)
        reminded += batch;
    }
    if (lapsed + offered + reminded > 0) onEmailQueued();
    return { lapsed, reminded };
  }

  return {
    round,
    /** Runs a round every `everyMs` until stopped; a failed round is logged and the next one tries again. */
    schedule(everyMs: number, logger: Logger): () => void {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        running ??= round()
          .catch((error: unknown) => logger.error({ err: error }, 'an events round failed'))
          .finally(() => (running = null));
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type EventSweeps = ReturnType<typeof eventSweeps>;
