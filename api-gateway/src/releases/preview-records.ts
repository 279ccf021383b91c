import type { FrontEndName, StaffPreviewLink } from '@party/shared-contracts';
import type { Logger, Queryable } from '../platform/index.js';

/**
 * The record of every preview link made (`release_previews`): who made it and until when, and
 * whether it was revoked. A link carries its record's id; every use reads the record, so that a
 * revoked link stops working in every browser, on every instance, at once.
 */
export function previewRecords(db: Queryable, logger: Logger, clock: () => number) {
  return {
    async record(preview: { id: string; remote: FrontEndName; version: string; by: string; expiresAt: number }) {
      await db.query(
        `INSERT INTO release_previews (id, remote, version, made_by, made_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [preview.id, preview.remote, preview.version, preview.by, new Date(clock()), new Date(preview.expiresAt)],
      );
    },

    async revoked(id: string): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM release_previews WHERE id = $1 AND revoked_at IS NULL`, [id]);
      return rows.length === 0;
    },

    /** The links that still work, newest first. */
    async open(): Promise<StaffPreviewLink[]> {
      const { rows } = await db.query<{
        id: string;
        remote: FrontEndName;
        version: string;
        made_by: string;
        made_at: Date | string;
        expires_at: Date | string;
      }>(
        `SELECT id::text, remote, version, made_by, made_at, expires_at FROM release_previews
          WHERE revoked_at IS NULL AND expires_at > $1 ORDER BY made_at DESC, id`,
        [new Date(clock())],
      );
      return rows.map((row) => ({
        id: row.id,
        remote: row.remote,
        version: row.version,
        madeBy: row.made_by,
        madeAt: new Date(row.made_at).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
      }));
    },

    /** Ends link `id` now: false when no working link has that id. */
    async revoke(id: string, by: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/.test(id)) return false;
      const { rows } = await db.query(
        `UPDATE release_previews SET revoked_at = $3, revoked_by = $2
          WHERE id = $1 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
        [id, by, new Date(clock())],
      );
      if (rows.length > 0) logger.info({ preview: id, by }, 'a preview link was revoked');
      return rows.length > 0;
    },
  };
}
