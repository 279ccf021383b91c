import { remoteDefinitionSchema, type RemoteDefinition } from '@party/shared-contracts';
import type { Database } from '../platform/index.js';

/** The remotes the registry holds, by name (decision 0048): what a release's routes are checked against. */
export async function remoteDefinitions(db: Database): Promise<RemoteDefinition[]> {
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
