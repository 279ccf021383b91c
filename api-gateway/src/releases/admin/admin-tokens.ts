import { createHash, randomBytes } from 'node:crypto';
import { isFrontEndName, type FrontEndName } from '@party/shared-contracts';
import type { Queryable } from '../../platform/index.js';

/** One remote's name, or every remote. */
export type TokenScope = FrontEndName | '*';

export interface AdminToken {
  id: string;
  owner: string;
  scope: TokenScope;
}

const TOKEN_PREFIX = 'party_';
const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function isTokenScope(value: string): value is TokenScope {
  return value === '*' || isFrontEndName(value);
}

/** Creates a token; the returned secret is the only copy there will ever be. */
export async function createAdminToken(
  db: Queryable,
  owner: string,
  scope: TokenScope,
): Promise<AdminToken & { secret: string }> {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO admin_tokens (owner, scope, token_sha256) VALUES ($1, $2, $3) RETURNING id',
    [owner, scope, digestOf(secret)],
  );
  return { id: String(rows[0]!.id), owner, scope, secret };
}

/** Revokes a token at once; false if there was no such live token. */
export async function revokeAdminToken(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE admin_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id],
  );
  return rows.length > 0;
}

export async function listAdminTokens(
  db: Queryable,
): Promise<Array<AdminToken & { createdAt: string; revoked: boolean }>> {
  const { rows } = await db.query<{
    id: string;
    owner: string;
    scope: TokenScope;
    created_at: Date | string;
    revoked_at: Date | string | null;
  }>('SELECT id, owner, scope, created_at, revoked_at FROM admin_tokens ORDER BY id');
  return rows.map((row) => ({
    id: String(row.id),
    owner: row.owner,
    scope: row.scope,
    createdAt: new Date(row.created_at).toISOString(),
    revoked: row.revoked_at !== null,
  }));
}

/** The live token a presented secret belongs to, or null. */
export async function findAdminToken(db: Queryable, secret: string): Promise<AdminToken | null> {
  if (!secret.startsWith(TOKEN_PREFIX)) return null;
  const { rows } = await db.query<{ id: string; owner: string; scope: TokenScope }>(
    'SELECT id, owner, scope FROM admin_tokens WHERE token_sha256 = $1 AND revoked_at IS NULL',
    [digestOf(secret)],
  );
  return rows[0] ? { ...rows[0], id: String(rows[0].id) } : null;
}
