import { builtInRemotes } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { remoteDefinitions } from './remote-definitions.js';

describe.each([testDatabaseKind])('the remotes the registry holds, on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterAll(() => test.dispose());

  it('begins with the three remotes of the repository, as the contracts define them', async () => {
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(await remoteDefinitions(test.db)).toEqual(
      [...builtInRemotes]
        .map((remote) => ({
          name: remote.name,
          prefixes: [...remote.prefixes],
          linkedPaths: [...remote.linkedPaths],
          linkPlaces: [...remote.linkPlaces],
        }))
        .sort(byName),
    );
  });

  it('refuses a row whose name is no remote’s or whose link places are unknown', async () => {
    await expect(
      test.db.query(`INSERT INTO remotes (name, prefixes) VALUES ('participation', ARRAY['/consultations'])`),
    ).rejects.toThrow();
    await expect(
      test.db.query(
        `INSERT INTO remotes (name, prefixes, link_places) VALUES ('mf-participation', ARRAY['/consultations'], ARRAY['sidebar'])`,
      ),
    ).rejects.toThrow();
  });
});
