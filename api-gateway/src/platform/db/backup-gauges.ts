import { Gauge, type Registry } from 'prom-client';
import type { BackupManifest } from './backup.js';
import type { Queryable } from './database.js';

/**
 * When the last backup `npm run backup` finished was taken, from the record it leaves in the
 * database; 0 while there has been none, which an alert takes for a backup far too old.
 */
export function backupGauges(db: Queryable, registry: Registry): void {
  new Gauge({
    name: 'party_backup_last_success_timestamp_seconds',
    help: 'When the last finished backup was taken, in seconds since the epoch; 0 when none was.',
    registers: [registry],
    async collect() {
      const { rows } = await db.query<{ at: number | null }>(
        'SELECT extract(epoch FROM max(taken_at))::float8 AS at FROM backups',
      );
      this.set(rows[0]?.at ?? 0);
    },
  });
}

/** Records a finished backup, for the gauge above. */
export async function recordBackup(db: Queryable, manifest: BackupManifest): Promise<void> {
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  await db.query('INSERT INTO backups (taken_at, database, rows) VALUES ($1, $2, $3)', [
    manifest.takenAt,
    manifest.database,
    rows,
  ]);
}
