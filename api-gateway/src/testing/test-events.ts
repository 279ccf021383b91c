import type { Database } from '../platform/db/database.js';

export interface TestEventSettings {
  /** Places, or null for no limit. */
  capacity?: number | null;
  /** Hours from now to its start; it lasts two. */
  startsIn?: number;
  type?: 'in-person' | 'virtual';
  joinUrl?: string;
  /** Reminder clock times in its zone (America/Denver), or none. */
  dayBefore?: string;
  sameDay?: string;
}

let made = 0;

/**
 * A new event of the test's own, starting relative to now: the seeded events keep their real dates,
 * so a test that registers for one of them fails the day it has passed. Its id and title name it.
 */
export async function scheduleTestEvent(
  db: Database,
  { capacity = null, startsIn = 72, type = 'in-person', joinUrl, dayBefore, sameDay }: TestEventSettings = {},
): Promise<{ id: string; title: string }> {
  made += 1;
  const id = `test-event-${process.pid}-${made}`;
  const title = `Test event ${made}`;
  const hours = (count: number) => new Date(Date.now() + count * 3_600_000);
  await db.query(
    `INSERT INTO events (id, title, summary, type, time_zone, starts_at, ends_at, place, capacity, join_url, remind_day_before, remind_same_day)
     VALUES ($1, $2, 'A test of places.', $3, 'America/Denver', $4, $5, 'Central Library, Denver', $6, $7, $8, $9)`,
    [
      id,
      title,
      type,
      hours(startsIn),
      hours(startsIn + 2),
      capacity,
      joinUrl ?? null,
      dayBefore ?? null,
      sameDay ?? null,
    ],
  );
  return { id, title };
}
