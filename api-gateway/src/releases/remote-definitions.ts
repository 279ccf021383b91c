import { prefixProblems, remoteDefinitionSchema, type RemoteDefinition } from '@party/shared-contracts';
import type { Database, Queryable } from '../platform/index.js';
import { createAdminToken } from './admin/admin-tokens.js';
import { lockRemote, RELEASE_REGISTRY_CHANNEL, ReleaseError, type ReleaseChange } from './release-registry.js';

/** The remotes the registry holds, by name (decision 0048): what the site serves and checks releases against. */
export async function remoteDefinitions(db: Queryable): Promise<RemoteDefinition[]> {
  const { rows } = await db.query<{ name: string; prefixes: string[]; linked_paths: string[]; link_places: string[] }>(
    'SELECT name, prefixes, linked_paths, link_places FROM remotes ORDER BY name',
  );
  return rows.map((row) =>
    remoteDefinitionSchema.parse({
      name: row.name,
      prefixes: row.prefixes,
      linkedPaths: row.linked_paths,
      linkPlaces: row.link_places,
    }),
  );
}

// One lock for the set of remotes: two additions at once could each pass the overlap check alone.
const lockDefinitions = (tx: Queryable) => tx.query("SELECT pg_advisory_xact_lock(hashtext('remote-definitions'))");

async function recordDefinitionChange(
  tx: Queryable,
  kind: 'added' | 'removed',
  definition: RemoteDefinition,
  change: Omit<ReleaseChange, 'remote'>,
) {
  await tx.query(
    'INSERT INTO remote_definition_changes (remote, kind, definition, changed_by, reason) VALUES ($1, $2, $3, $4, $5)',
    [definition.name, kind, JSON.stringify(definition), change.by, change.reason],
  );
  // Every gateway reads the registry again: the new remote is served, or the removed one no more.
  await tx.query('SELECT pg_notify($1, $2)', [RELEASE_REGISTRY_CHANNEL, definition.name]);
}

/**
 * Adds a remote to the site, with a release token for its team (shown once): from the next registry
 * read every gateway serves what is published and activated for it. Refused (409) when its name is
 * taken or a prefix overlaps another remote's or the gateway's own.
 */
export async function addRemote(
  db: Database,
  /** Checked here whole, with the contract's schema (a 400 says what is wrong). */
  definition: unknown,
  change: Omit<ReleaseChange, 'remote'> & { team: string },
): Promise<{ definition: RemoteDefinition; token: { id: string; secret: string } }> {
  const parsed = remoteDefinitionSchema.safeParse(definition);
  if (!parsed.success)
    throw new ReleaseError(`Refused: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`, 400);
  const checked = parsed.data;
  return db.transaction(async (tx) => {
    await lockDefinitions(tx);
    const remotes = await remoteDefinitions(tx);
    if (remotes.some((remote) => remote.name === checked.name))
      throw new ReleaseError(`${checked.name} is already a remote of this site.`, 409);
    const problems = prefixProblems(remotes, checked);
    if (problems.length > 0) throw new ReleaseError(`Refused: ${problems.join('; ')}.`, 409);
    await tx.query('INSERT INTO remotes (name, prefixes, linked_paths, link_places) VALUES ($1, $2, $3, $4)', [
      checked.name,
      checked.prefixes,
      checked.linkedPaths,
      checked.linkPlaces,
    ]);
    const { id, secret } = await createAdminToken(tx, change.team, checked.name);
    await recordDefinitionChange(tx, 'added', checked, change);
    return { definition: checked, token: { id, secret } };
  });
}

/**
 * Removes a remote that serves nothing: refused (409) while it has an active release or a canary
 * (roll it back to nothing first). Its team's tokens and open preview links end with it; its
 * published releases and their history stay.
 */
export async function removeRemote(
  db: Database,
  name: string,
  change: Omit<ReleaseChange, 'remote'>,
): Promise<{ revokedTokens: number }> {
  return db.transaction(async (tx) => {
    await lockDefinitions(tx);
    const definition = (await remoteDefinitions(tx)).find((remote) => remote.name === name);
    if (!definition) throw new ReleaseError(`There is no remote "${name}" on this site.`, 404);
    await lockRemote(tx, name);
    const { rows: serving } = await tx.query<{ what: string; version: string }>(
      `SELECT 'an active release' AS what, version FROM active_remotes WHERE remote = $1
       UNION ALL SELECT 'a canary', version FROM remote_canaries WHERE remote = $1`,
      [name],
    );
    if (serving.length > 0)
      throw new ReleaseError(
        `${name} has ${serving.map(({ what, version }) => `${what} (${version})`).join(' and ')}: roll it back to nothing first.`,
        409,
      );
    await tx.query('DELETE FROM remotes WHERE name = $1', [name]);
    const { rows: revoked } = await tx.query(
      'UPDATE admin_tokens SET revoked_at = now() WHERE scope = $1 AND revoked_at IS NULL RETURNING id',
      [name],
    );
    await tx.query(
      'UPDATE release_previews SET revoked_at = now(), revoked_by = $2 WHERE remote = $1 AND revoked_at IS NULL',
      [name, change.by],
    );
    await recordDefinitionChange(tx, 'removed', definition, change);
    return { revokedTokens: revoked.length };
  });
}
