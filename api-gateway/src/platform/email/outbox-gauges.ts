import { Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/database.js';

interface OutboxCounts {
  pending: number;
  oldestPendingSeconds: number;
  failed: number;
}

/**
 * The outbox as an operator watches it: messages waiting to be sent (pending or being sent), how long
 * the oldest of them has waited, and those given up on. Read from the database at each scrape, so
 * every instance reports the same shared outbox.
 */
export function outboxGauges(db: Queryable, registry: Registry): void {
  // The three gauges of one scrape ask together: they share one query while it runs.
  let reading: Promise<OutboxCounts> | null = null;
  const counts = () =>
    (reading ??= db
      .query<OutboxCounts>(
        `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending,
                coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('pending', 'sending'))), 0)::float8
                  AS "oldestPendingSeconds",
                count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM outbox_messages WHERE status IN ('pending', 'sending', 'failed')`,
      )
      .then(({ rows }) => rows[0]!)
      .finally(() => (reading = null)));
  const gauge = (name: string, help: string, value: (counts: OutboxCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await counts()));
      },
    });
  gauge('party_outbox_pending', 'Emails waiting in the outbox to be sent, or being sent.', (c) => c.pending);
  gauge(
    'party_outbox_oldest_pending_seconds',
    'How long the oldest email waiting in the outbox has waited; 0 when none waits.',
    (c) => c.oldestPendingSeconds,
  );
  gauge('party_outbox_failed', 'Emails the outbox gave up on after its last attempt.', (c) => c.failed);
}
