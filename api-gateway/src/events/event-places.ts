import { randomInt } from 'node:crypto';
import {
  legalDocumentVersions,
  type EventPlace,
  type EventPlaceAnswer,
  type EventPlaceStatus,
  type EventRegistration,
} from '@party/shared-contracts';
import { enqueueEmail, type Database, type QueuedEmail, type Queryable, type SignedLinks } from '../platform/index.js';
import {
  confirmationEmail,
  offerEmail,
  placeCancelledEmail,
  waitlistEmail,
  type EventMailContext,
  type PlaceHolder,
} from './event-emails.js';
import { eventRow, eventRows, publicEvent, registrationState, type EventRow } from './event-rows.js';

/** A registration as the database holds it. */
export interface RegistrationRow {
  id: string;
  event_id: string;
  name: string;
  email: string;
  status: EventPlaceStatus;
  check_in_code: string;
  offer_expires_at: Date | null;
  visitor_time_zone: string | null;
  attended_at: Date | null;
}

/** The columns of RegistrationRow, of `event_registrations r`. */
export const REGISTRATION_COLUMNS = `r.id::text AS id, r.event_id, r.name, r.email, r.status, r.check_in_code, r.offer_expires_at,
  r.visitor_time_zone, r.attended_at`;

/** Letters and digits no one misreads at a door (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const checkInCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** An HTTP refusal the error middleware answers with its message (and each field's). */
export const refusal = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  Object.assign(new Error(message), { status, expose: true, ...(fieldErrors ? { fieldErrors } : {}) });

/** The person a place's emails are written to, with the token of their place's page. */
export const placeHolder = (links: Pick<SignedLinks, 'sign'>, row: RegistrationRow): PlaceHolder => ({
  name: row.name,
  email: row.email,
  token: links.sign('event-place', row.id, null),
  checkInCode: row.check_in_code,
  visitorTimeZone: row.visitor_time_zone,
});

/** Puts each email into the outbox on the caller's transaction. */
export async function queueEmails(tx: Queryable, emails: ReadonlyArray<Promise<QueuedEmail>>): Promise<void> {
  for (const email of emails) await enqueueEmail(tx, await email);
}

export const UNKNOWN_EVENT = 'Unknown event';
export const REGISTRATION_CLOSED = 'Registration for this event is closed.';

/** A waitlisted place's number in the queue, 1 being next. */
async function positionOf(tx: Queryable, row: Pick<RegistrationRow, 'id' | 'event_id'>): Promise<number> {
  const { rows } = await tx.query<{ position: number }>(
    `SELECT count(*)::int AS position FROM event_registrations
      WHERE event_id = $1 AND status = 'waitlisted'
        AND queue_order <= (SELECT queue_order FROM event_registrations WHERE id = $2)`,
    [row.event_id, row.id],
  );
  return rows[0]?.position ?? 0;
}

/** A place as its page shows it to its holder: the code and an online event's link once confirmed. */
async function placeView(
  tx: Queryable,
  links: Pick<SignedLinks, 'sign'>,
  event: EventRow,
  row: RegistrationRow,
): Promise<EventPlace> {
  const confirmed = row.status === 'confirmed';
  return {
    event: publicEvent(event, new Date(), false),
    name: row.name,
    status: row.status,
    position: row.status === 'waitlisted' ? await positionOf(tx, row) : null,
    offerExpiresAt: row.status === 'offered' ? (row.offer_expires_at?.toISOString() ?? null) : null,
    checkInCode: confirmed ? row.check_in_code : null,
    joinUrl: confirmed && event.type === 'virtual' ? event.join_url : null,
    token: links.sign('event-place', row.id, null),
  };
}

/** The registration a genuine place token names, locked with its event; null for anything else. */
async function lockedPlace(tx: Queryable, links: Pick<SignedLinks, 'verify'>, token: string) {
  const id = links.verify('event-place', token);
  if (!id || !/^\d{1,18}$/.test(id)) return null;
  const { rows: found } = await tx.query<{ event_id: string }>(
    'SELECT event_id FROM event_registrations WHERE id = $1',
    [id],
  );
  if (!found[0]) return null;
  const event = await eventRow(tx, found[0].event_id, true);
  const { rows } = await tx.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.id = $1 FOR UPDATE`,
    [id],
  );
  return event && rows[0] ? { event, registration: rows[0] } : null;
}

/**
 * Writes a registration (a new one, or `before`, cancelled, made anew at the end of the queue) with a
 * check-in code no other place at the event has, and its consent record.
 */
async function saveRegistration(
  tx: Queryable,
  eventId: string,
  form: EventRegistration,
  before: string | null,
  status: EventPlaceStatus,
): Promise<RegistrationRow> {
  const visitorZone = form.timeZone || null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = checkInCode();
    const { rows } = before
      ? await tx.query<RegistrationRow>(
          `UPDATE event_registrations r
              SET name = $2, status = $3, check_in_code = $4, visitor_time_zone = $5, queue_order = nextval('event_queue'),
                  status_changed_at = now(), offer_expires_at = NULL, attended_at = NULL, privacy_consented_at = now(),
                  day_before_reminded_at = NULL, same_day_reminded_at = NULL, followed_up_at = NULL
            WHERE r.id = $1
              AND NOT EXISTS (SELECT 1 FROM event_registrations WHERE event_id = $6 AND check_in_code = $4)
            RETURNING ${REGISTRATION_COLUMNS}`,
          [before, form.name, status, code, visitorZone, eventId],
        )
      : await tx.query<RegistrationRow>(
          `INSERT INTO event_registrations AS r (event_id, name, email, status, check_in_code, visitor_time_zone, privacy_consented_at)
           VALUES ($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT DO NOTHING
           RETURNING ${REGISTRATION_COLUMNS}`,
          [eventId, form.name, form.email, status, code, visitorZone],
        );
    if (rows[0]) {
      await tx.query(
        `INSERT INTO consent_records (email, form, document, document_version) VALUES ($1, 'event-registration', 'privacy-policy', $2)`,
        [form.email, legalDocumentVersions['privacy-policy']],
      );
      return rows[0];
    }
  }
  throw new Error('no free check-in code after 5 tries');
}

/**
 * Places at events: registration (a place while they remain, then the waitlist in arrival order),
 * cancellation, offers of freed places to the next in the queue, and their acceptance. Every change
 * to an event's places locks the event's row first, so that two gateways never give the same last
 * place twice; the emails go into the outbox in the same transaction.
 */
export function eventPlaces(
  db: Database,
  links: Pick<SignedLinks, 'sign' | 'verify'>,
  mail: () => EventMailContext,
  onEmailQueued: () => void,
) {
  const holderOf = (row: RegistrationRow) => placeHolder(links, row);

  /**
   * Offers the places free at `event` (locked by the caller) to the first in its queue, each held
   * for the event's offer hours (never past its start). With no limit, the whole queue is offered.
   */
  async function offerFreedPlaces(tx: Queryable, id: string): Promise<void> {
    const event = await eventRow(tx, id);
    if (!event || event.cancelled_at || event.starts_at <= new Date()) return;
    const free = event.capacity === null ? event.waitlisted : event.capacity - event.held;
    if (free <= 0) return;
    const { rows } = await tx.query<RegistrationRow>(
      `UPDATE event_registrations r
          SET status = 'offered', status_changed_at = now(),
              offer_expires_at = least(now() + $2 * interval '1 hour', $3::timestamptz)
        WHERE id IN (SELECT id FROM event_registrations WHERE event_id = $1 AND status = 'waitlisted'
                      ORDER BY queue_order LIMIT $4)
        RETURNING ${REGISTRATION_COLUMNS}`,
      [id, event.offer_hours, event.starts_at, free],
    );
    const context = mail();
    await queueEmails(
      tx,
      rows.map((row) => offerEmail(event, holderOf(row), row.offer_expires_at!, context)),
    );
  }

  const withEmails = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    onEmailQueued();
    return result;
  };

  return {
    offerFreedPlaces,

    /**
     * A place, or one in the queue. Registering again while registered changes nothing and sends
     * the same email again (the answer is the one the first registration had); after a
     * cancellation it is a new registration, at the end of the queue if there is one.
     */
    register(form: EventRegistration): Promise<EventPlaceAnswer> {
      return withEmails(async (tx) => {
        const event = await eventRow(tx, form.eventId, true);
        if (!event) throw refusal(400, 'Some fields need your attention.', { eventId: UNKNOWN_EVENT });
        const state = registrationState(event, new Date());
        const context = mail();
        const { rows: existing } = await tx.query<RegistrationRow>(
          `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.event_id = $1 AND r.email = $2`,
          [event.id, form.email],
        );
        const before = existing[0];
        if (before && before.status !== 'cancelled') {
          if (before.status === 'confirmed') {
            await queueEmails(tx, [confirmationEmail(event, holderOf(before), context)]);
            return { status: 'confirmed' };
          }
          const position = before.status === 'waitlisted' ? await positionOf(tx, before) : 1;
          if (before.status === 'waitlisted')
            await queueEmails(tx, [waitlistEmail(event, holderOf(before), position, context)]);
          return { status: 'waitlisted', position };
        }
        if (state.state === 'closed')
          throw refusal(409, event.cancelled_at ? 'This event is cancelled.' : REGISTRATION_CLOSED);
        const status: EventPlaceStatus = state.state === 'open' ? 'confirmed' : 'waitlisted';
        const saved = await saveRegistration(tx, event.id, form, before?.id ?? null, status);
        if (status === 'confirmed') {
          await queueEmails(tx, [confirmationEmail(event, holderOf(saved), context)]);
          return { status: 'confirmed' };
        }
        const position = await positionOf(tx, saved);
        await queueEmails(tx, [waitlistEmail(event, holderOf(saved), position, context)]);
        return { status: 'waitlisted', position };
      });
    },

    /** The place a token names, as its page shows it; null: not a genuine link, or erased. */
    place(token: string): Promise<EventPlace | null> {
      return db.transaction(async (tx) => {
        const id = links.verify('event-place', token);
        if (!id || !/^\d{1,18}$/.test(id)) return null;
        const { rows } = await tx.query<RegistrationRow>(
          `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.id = $1`,
          [id],
        );
        const event = rows[0] && (await eventRow(tx, rows[0].event_id));
        return rows[0] && event ? placeView(tx, links, event, rows[0]) : null;
      });
    },

    /** A signed-in member's places (by their address): the coming events soonest first, then the past ones latest first. */
    placesOf(email: string): Promise<EventPlace[]> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<RegistrationRow>(
          `SELECT ${REGISTRATION_COLUMNS}
             FROM event_registrations r JOIN events e ON e.id = r.event_id
            WHERE r.email = $1
            ORDER BY e.ends_at < now(), CASE WHEN e.ends_at >= now() THEN e.starts_at END, e.starts_at DESC
            LIMIT 100`,
          [email],
        );
        const events = new Map(
          (await eventRows(tx, [...new Set(rows.map((row) => row.event_id))])).map((event) => [event.id, event]),
        );
        const places: EventPlace[] = [];
        for (const row of rows) places.push(await placeView(tx, links, events.get(row.event_id)!, row));
        return places;
      });
    },

    /**
     * Cancels the place a token names (a held place goes to the next in the queue); the place as it
     * now stands, or null for a link that is not genuine.
     */
    cancel(token: string): Promise<EventPlace | null> {
      return withEmails(async (tx) => {
        const found = await lockedPlace(tx, links, token);
        if (!found) return null;
        const { event, registration } = found;
        if (registration.status === 'cancelled') return placeView(tx, links, event, registration);
        if (event.ends_at <= new Date()) throw refusal(409, 'This event has taken place.');
        const held = registration.status === 'confirmed';
        const { rows } = await tx.query<RegistrationRow>(
          `UPDATE event_registrations r SET status = 'cancelled', status_changed_at = now(), offer_expires_at = NULL
            WHERE r.id = $1 RETURNING ${REGISTRATION_COLUMNS}`,
          [registration.id],
        );
        await queueEmails(tx, [placeCancelledEmail(event, holderOf(registration), held, mail())]);
        await offerFreedPlaces(tx, event.id);
        return placeView(tx, links, (await eventRow(tx, event.id))!, rows[0]!);
      });
    },

    /** Takes an offered place while it is held; refused once it has lapsed. */
    accept(token: string): Promise<EventPlace | null> {
      return withEmails(async (tx) => {
        const found = await lockedPlace(tx, links, token);
        if (!found) return null;
        const { event, registration } = found;
        if (registration.status === 'confirmed') return placeView(tx, links, event, registration);
        if (
          registration.status !== 'offered' ||
          !registration.offer_expires_at ||
          registration.offer_expires_at <= new Date()
        )
          throw refusal(410, 'This offer has passed on to the next person on the waitlist.');
        const { rows } = await tx.query<RegistrationRow>(
          `UPDATE event_registrations r SET status = 'confirmed', status_changed_at = now(), offer_expires_at = NULL
            WHERE r.id = $1 RETURNING ${REGISTRATION_COLUMNS}`,
          [registration.id],
        );
        await queueEmails(tx, [confirmationEmail(event, holderOf(rows[0]!), mail())]);
        return placeView(tx, links, event, rows[0]!);
      });
    },
  };
}

export type EventPlaces = ReturnType<typeof eventPlaces>;
