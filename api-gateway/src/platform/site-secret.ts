import { randomBytes } from 'node:crypto';
import type { Queryable } from './db/database.js';

/**
 * The site's secret, which its emailed links, page-load tokens and preview links are signed with:
 * the configured one, or one made once per database (so that every gateway on it, and every
 * restart, accepts what the others signed).
 */
export async function siteSecret(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  const { rows } = await db.query<{ secret: string }>(
    `WITH made AS (
       INSERT INTO signing_keys (purpose, secret) VALUES ('email-links', $1)
       ON CONFLICT (purpose) DO NOTHING RETURNING secret
     )
     SELECT secret FROM made UNION ALL SELECT secret FROM signing_keys WHERE purpose = 'email-links'`,
    [randomBytes(32).toString('base64url')],
  );
  if (rows[0]) return rows[0].secret;
  // Another gateway made it at the same moment, after this statement's snapshot: read it now.
  const made = await db.query<{ secret: string }>(`SELECT secret FROM signing_keys WHERE purpose = 'email-links'`);
  return made.rows[0]!.secret;
}
