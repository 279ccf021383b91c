import { builtInRemoteNames, builtInRemotes, type RemoteDefinition } from '@party/shared-contracts';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { findAdminToken, listAdminTokens } from './admin/admin-tokens.js';
import { activateRelease, recordRelease, releaseHistory, rollbackRelease, startCanary } from './release-registry.js';
import { addRemote, remoteDefinitions, removeRemote } from './remote-definitions.js';

const participation: RemoteDefinition = {
  name: 'mf-participation',
  prefixes: ['/consultations'],
  linkedPaths: ['/consultations'],
  linkPlaces: ['header'],
};
const change = { by: 'ops (token 1)', reason: 'the participation team joins' };

describe.each([testDatabaseKind])('the remotes the registry holds, on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  // Each test starts from the migrated registry: the repository's remotes, no token, no change.
  beforeEach(async () => {
    await test.db.query('DELETE FROM remotes WHERE NOT (name = ANY($1))', [builtInRemoteNames]);
    await test.db.query('TRUNCATE admin_tokens, remote_definition_changes');
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

  it('adds a remote with a token for its team, refuses overlaps and a name taken, and records who and why', async () => {
    const added = await addRemote(test.db, participation, { ...change, team: 'Participation team' });
    expect(added.definition).toEqual(participation);
    expect(await findAdminToken(test.db, added.token.secret)).toEqual({
      id: added.token.id,
      owner: 'Participation team',
      scope: 'mf-participation',
    });
    expect((await remoteDefinitions(test.db)).map((remote) => remote.name)).toEqual([
      'mf-content',
      'mf-donate',
      'mf-engagement',
      'mf-participation',
    ]);

    await expect(addRemote(test.db, participation, { ...change, team: 'Others' })).rejects.toMatchObject({
      status: 409,
      message: 'mf-participation is already a remote of this site.',
    });
    await expect(
      addRemote(
        test.db,
        { ...participation, name: 'mf-chapters', prefixes: ['/donate/chapters', '/api/chapters'], linkedPaths: [] },
        { ...change, team: 'Chapters' },
      ),
    ).rejects.toMatchObject({
      status: 409,
      message:
        "Refused: /donate/chapters overlaps /donate, a prefix of mf-donate; /api/chapters is the gateway's own (/api).",
    });
    await expect(
      addRemote(test.db, { ...participation, name: 'chapters', prefixes: ['chapters'] }, { ...change, team: 'x' }),
    ).rejects.toMatchObject({ status: 400 });
    // Nothing of a refused addition stays: no row, no token.
    expect((await remoteDefinitions(test.db)).map((remote) => remote.name)).not.toContain('mf-chapters');
    expect((await listAdminTokens(test.db)).map((token) => token.scope)).toEqual(['mf-participation']);

    const { rows } = await test.db.query<{ remote: string; kind: string; changed_by: string; reason: string }>(
      'SELECT remote, kind, changed_by, reason FROM remote_definition_changes ORDER BY id',
    );
    expect(rows).toEqual([{ remote: 'mf-participation', kind: 'added', changed_by: change.by, reason: change.reason }]);
  });

  it('takes releases of an added remote as of the others, and removes it only once it serves nothing', async () => {
    const remote = 'mf-chapters';
    await addRemote(
      test.db,
      { ...participation, name: remote, prefixes: ['/chapters'], linkedPaths: [] },
      {
        ...change,
        team: 'Chapters team',
      },
    );
    const release = (version: string) =>
      recordRelease(test.db, { remote, version, entry: `/releases/${remote}/${version}/mf-manifest.json`, ...change });
    await release('1.0.0');
    await release('1.1.0');
    await activateRelease(test.db, { remote, version: '1.0.0', ...change });
    await startCanary(test.db, { remote, version: '1.1.0', percent: 10, ...change });

    await expect(removeRemote(test.db, remote, change)).rejects.toMatchObject({
      status: 409,
      message: `${remote} has an active release (1.0.0) and a canary (1.1.0): roll it back to nothing first.`,
    });
    await rollbackRelease(test.db, { remote, ...change });
    await rollbackRelease(test.db, { remote, ...change });
    await expect(rollbackRelease(test.db, { remote, ...change })).rejects.toThrow(
      `${remote} has no active release: there is nothing to roll back.`,
    );

    expect(await removeRemote(test.db, remote, { ...change, reason: 'the pilot ended' })).toEqual({
      revokedTokens: 1,
    });
    expect((await remoteDefinitions(test.db)).map((each) => each.name)).not.toContain(remote);
    expect((await listAdminTokens(test.db)).filter((token) => token.scope === remote && !token.revoked)).toEqual([]);
    await expect(release('1.2.0')).rejects.toMatchObject({ status: 404 });
    await expect(releaseHistory(test.db, remote)).rejects.toMatchObject({ status: 404 });
    await expect(removeRemote(test.db, remote, change)).rejects.toMatchObject({ status: 404 });
    const { rows } = await test.db.query<{ kind: string; reason: string }>(
      'SELECT kind, reason FROM remote_definition_changes WHERE remote = $1 ORDER BY id',
      [remote],
    );
    expect(rows.at(-1)).toEqual({ kind: 'removed', reason: 'the pilot ended' });
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
