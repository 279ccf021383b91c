import type { DoorListEntry } from '@party/shared-contracts';
import { enqueueEmail, type Database, type SignedLinks } from '../platform/index.js';
import { followUpEmail, type EventMailContext } from './event-emails.js';
import { placeHolder, REGISTRATION_COLUMNS, type RegistrationRow } from './event-places.js';
import { eventRow } from './event-rows.js';

const like = (q: string) =>
  `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;

/** Who reads a door list, and how: on screen, or as a file. */
interface DoorListReader {
  staffEmail: string;
  action: 'viewed' | 'exported';
}

/**
 * The door: the confirmed places of an event, searched by name, address or code, each arrival
 * marked (and unmarked, for a mistake); after the event, the thank-you or sorry-we-missed-you
 * email, once per place.
 */
export function eventDoor(
  db: Database,
  links: Pick<SignedLinks, 'sign'>,
  mail: () => EventMailContext,
  onEmailQueued: () => void,
) {
  return {
    /**
     * The door list (null: no such event), by name; `q` narrows it. Each place shown is written to
     * the access log as read by `reader`, in the statement that reads it.
     */
    async list(id: string, q: string, reader: DoorListReader): Promise<DoorListEntry[] | null> {
      if (!(await eventRow(db, id))) return null;
      const { rows } = await db.query<DoorListEntry>(
        `WITH shown AS (
           SELECT id, name, email, check_in_code, attended_at
             FROM event_registrations
            WHERE event_id = $1 AND status = 'confirmed'
              AND (lower(name) LIKE $2 OR email LIKE $2 OR lower(check_in_code) LIKE $2)
         ), logged AS (
           INSERT INTO staff_access_log (staff_email, action, registration_id, detail) SELECT $3, $4, id, $1 FROM shown
         )
         SELECT id::text, name, email, check_in_code AS "checkInCode", attended_at AS "attendedAt"
           FROM shown ORDER BY lower(name), id`,
        [id, like(q), reader.staffEmail, reader.action],
      );
      return rows.map((row) => ({ ...row, attendedAt: row.attendedAt && new Date(row.attendedAt).toISOString() }));
    },

    /** Marks one confirmed place as arrived (or not); false: no such place at this event. */
    async mark(id: string, registrationId: string, attended: boolean): Promise<boolean> {
      if (!/^\d{1,18}$/.test(registrationId)) return false;
      const { rows } = await db.query(
        `UPDATE event_registrations SET attended_at = CASE WHEN $3 THEN coalesce(attended_at, now()) END
          WHERE event_id = $1 AND id = $2 AND status = 'confirmed' RETURNING 1`,
        [id, registrationId, attended],
      );
      return rows.length > 0;
    },

    /** After the event: each confirmed place not yet written to gets its email; how many were queued. */
    async followUp(id: string): Promise<number | null> {
      const sent = await db.transaction(async (tx) => {
        const event = await eventRow(tx, id, true);
        if (!event) return null;
        if (event.ends_at > new Date()) return -1;
        const { rows } = await tx.query<RegistrationRow>(
          `UPDATE event_registrations r SET followed_up_at = now()
            WHERE r.event_id = $1 AND r.status = 'confirmed' AND r.followed_up_at IS NULL
            RETURNING ${REGISTRATION_COLUMNS}`,
          [id],
        );
        const context = mail();
        for (const row of rows)
          await enqueueEmail(
            tx,
            await followUpEmail(event, placeHolder(links, row), row.attended_at !== null, context),
          );
        return rows.length;
      });
      onEmailQueued();
      return sent;
    },
  };
}

export type EventDoor = ReturnType<typeof eventDoor>;
