import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import {
  activateRelease,
  activeCanaries,
  activeReleases,
  endCanary,
  promoteCanary,
  recordRelease,
  releaseHistory,
  rollbackRelease,
  startCanary,
} from './release-registry.js';

const by = 'ops@party.example';
const entry = (version: string) => `/releases/mf-donate/${version}/mf-manifest.json`;

describe.each([testDatabaseKind])('the release registry on %s', (kind) => {
  let test: TestDatabase;
  // A fresh embedded database takes a few seconds to initialise.
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  afterEach(() => test.dispose());

  const publish = (version: string) =>
    recordRelease(test.db, { remote: 'mf-donate', version, entry: entry(version), by, reason: `release ${version}` });

  it('publishes, activates, rolls back, and tells the history', async () => {
    await publish('1.0.0+aaaaaaa');
    await publish('1.1.0+bbbbbbb');
    expect(await activeReleases(test.db)).toEqual({});

    await activateRelease(test.db, { remote: 'mf-donate', version: '1.0.0+aaaaaaa', by, reason: 'first launch' });
    expect(
      await activateRelease(test.db, { remote: 'mf-donate', version: '1.1.0+bbbbbbb', by, reason: 'new tiers' }),
    ).toEqual({ previous: '1.0.0+aaaaaaa' });
    expect(await activeReleases(test.db)).toEqual({
      'mf-donate': { version: '1.1.0+bbbbbbb', entry: entry('1.1.0+bbbbbbb'), routes: [] },
    });

    expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'wallet bug' })).toEqual({
      from: '1.1.0+bbbbbbb',
      to: '1.0.0+aaaaaaa',
    });
    expect((await activeReleases(test.db))['mf-donate']?.version).toBe('1.0.0+aaaaaaa');

    const history = await releaseHistory(test.db, 'mf-donate');
    expect(
      history.map(({ event, version, previousVersion, reason }) => [event, version, previousVersion, reason]),
    ).toEqual([
      ['published', '1.0.0+aaaaaaa', null, 'release 1.0.0+aaaaaaa'],
      ['published', '1.1.0+bbbbbbb', null, 'release 1.1.0+bbbbbbb'],
      ['activate', '1.0.0+aaaaaaa', 'configured', 'first launch'],
      ['activate', '1.1.0+bbbbbbb', '1.0.0+aaaaaaa', 'new tiers'],
      ['rollback', '1.0.0+aaaaaaa', '1.1.0+bbbbbbb', 'wallet bug'],
    ]);
    expect(history.every((item) => item.by === by && !Number.isNaN(Date.parse(item.at)))).toBe(true);
  });

  it('walks back through history to the configured build, never toggling', async () => {
    for (const version of ['1.0.0+a', '1.1.0+b', '1.2.0+c']) {
      await publish(version);
      await activateRelease(test.db, { remote: 'mf-donate', version, by, reason: 'release' });
    }
    const rollback = () => rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'back' });
    expect(await rollback()).toEqual({ from: '1.2.0+c', to: '1.1.0+b' });
    expect(await rollback()).toEqual({ from: '1.1.0+b', to: '1.0.0+a' });
    // From the first activation: back to the build the gateway is configured with.
    expect(await rollback()).toEqual({ from: '1.0.0+a', to: null });
    expect(await activeReleases(test.db)).toEqual({});
    await expect(rollback()).rejects.toThrow(
      'mf-donate runs its configured build: there is nothing earlier to roll back to.',
    );

    // A release activated again after a rollback goes back to where it did before.
    await activateRelease(test.db, { remote: 'mf-donate', version: '1.1.0+b', by, reason: 'again' });
    await activateRelease(test.db, { remote: 'mf-donate', version: '1.2.0+c', by, reason: 'again' });
    expect(await rollback()).toEqual({ from: '1.2.0+c', to: '1.1.0+b' });
    expect(await rollback()).toEqual({ from: '1.1.0+b', to: null });
  });

  it('rolls back to a named release or to the configured build', async () => {
    for (const version of ['1.0.0+a', '1.1.0+b', '1.2.0+c']) {
      await publish(version);
      await activateRelease(test.db, { remote: 'mf-donate', version, by, reason: 'release' });
    }
    expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'r', to: '1.0.0+a' })).toEqual({
      from: '1.2.0+c',
      to: '1.0.0+a',
    });
    expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'r', to: 'configured' })).toEqual({
      from: '1.0.0+a',
      to: null,
    });
    expect(await activeReleases(test.db)).toEqual({});
    expect((await releaseHistory(test.db, 'mf-donate')).at(-1)).toMatchObject({
      event: 'rollback',
      version: 'configured',
      previousVersion: '1.0.0+a',
    });
    await expect(rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'r', to: 'configured' })).rejects.toThrow(
      'mf-donate already runs its configured build.',
    );
    await expect(rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'r', to: '0.9.0' })).rejects.toThrow(
      'mf-donate has no published version "0.9.0".',
    );
  });

  it('refuses unknown remotes and versions, republishing, and a rollback with nowhere to go', async () => {
    await expect(
      recordRelease(test.db, { remote: 'mf-nope', version: '1', entry: 'x', by, reason: 'r' }),
    ).rejects.toThrow(/There is no remote "mf-nope"/);
    await expect(activateRelease(test.db, { remote: 'mf-donate', version: '9.9.9', by, reason: 'r' })).rejects.toThrow(
      'mf-donate has no published version "9.9.9".',
    );
    await expect(rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'r' })).rejects.toThrow(
      'mf-donate runs its configured build: there is nothing earlier to roll back to.',
    );

    await publish('1.0.0+aaaaaaa');
    await expect(publish('1.0.0+aaaaaaa')).rejects.toThrow(
      'mf-donate 1.0.0+aaaaaaa is already published; releases never change.',
    );
    await activateRelease(test.db, { remote: 'mf-donate', version: '1.0.0+aaaaaaa', by, reason: 'launch' });
    await expect(
      activateRelease(test.db, { remote: 'mf-donate', version: '1.0.0+aaaaaaa', by, reason: 'r' }),
    ).rejects.toThrow(/already active/);
  });

  it('ends concurrent activations in one consistent state', async () => {
    const versions = ['1.0.0+a', '1.0.0+b', '1.0.0+c', '1.0.0+d'];
    for (const version of versions) await publish(version);
    await Promise.allSettled(
      versions.map((version) => activateRelease(test.db, { remote: 'mf-donate', version, by, reason: 'race' })),
    );

    const active = (await activeReleases(test.db))['mf-donate']?.version;
    const activations = (await releaseHistory(test.db, 'mf-donate')).filter((item) => item.event === 'activate');
    expect(activations).toHaveLength(4);
    // Each activation saw the one before it: a single chain, ending at the active version.
    expect(activations[0]?.previousVersion).toBe('configured');
    for (let index = 1; index < activations.length; index += 1) {
      expect(activations[index]?.previousVersion).toBe(activations[index - 1]?.version);
    }
    expect(activations.at(-1)?.version).toBe(active);
  });
  describe('a canary', () => {
    const canary = (version: string, percent = 10) =>
      startCanary(test.db, { remote: 'mf-donate', version, percent, by, reason: `try ${version}` });

    beforeEach(async () => {
      for (const version of ['1.0.0+a', '1.1.0+b', '1.2.0+c']) await publish(version);
      await activateRelease(test.db, { remote: 'mf-donate', version: '1.0.0+a', by, reason: 'launch' });
    });

    it('runs beside the active release until promoted, and is then the active release', async () => {
      expect(await canary('1.1.0+b', 10)).toEqual({ active: '1.0.0+a' });
      expect(await activeReleases(test.db)).toEqual({
        'mf-donate': { version: '1.0.0+a', entry: entry('1.0.0+a'), routes: [] },
      });
      expect(await activeCanaries(test.db)).toEqual({
        'mf-donate': {
          version: '1.1.0+b',
          entry: entry('1.1.0+b'),
          percent: 10,
          startedAt: expect.any(String),
          routes: [],
        },
      });

      // One at a time, and no plain activation beside it.
      await expect(canary('1.2.0+c')).rejects.toThrow('mf-donate 1.1.0+b is already a canary for 10% of visitors');
      await expect(
        activateRelease(test.db, { remote: 'mf-donate', version: '1.2.0+c', by, reason: 'skip' }),
      ).rejects.toThrow('is a canary for 10% of visitors');

      expect(await promoteCanary(test.db, { remote: 'mf-donate', by, reason: 'looks good' })).toEqual({
        version: '1.1.0+b',
        previous: '1.0.0+a',
      });
      expect(await activeCanaries(test.db)).toEqual({});
      expect((await activeReleases(test.db))['mf-donate']?.version).toBe('1.1.0+b');
      // A promoted canary rolls back like any activation.
      expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'back' })).toEqual({
        from: '1.1.0+b',
        to: '1.0.0+a',
      });

      const history = await releaseHistory(test.db, 'mf-donate');
      expect(history.slice(3).map(({ event, version, percent, reason }) => [event, version, percent, reason])).toEqual([
        ['activate', '1.0.0+a', undefined, 'launch'],
        ['canary', '1.1.0+b', 10, 'try 1.1.0+b'],
        ['promote', '1.1.0+b', undefined, 'looks good'],
        ['activate', '1.1.0+b', undefined, 'looks good'],
        ['rollback', '1.0.0+a', undefined, 'back'],
      ]);
    });

    it('is what a rollback ends first, the active release staying as it was', async () => {
      await canary('1.1.0+b');
      expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'canary broken' })).toEqual({
        from: '1.1.0+b',
        to: '1.0.0+a',
        canaryEnded: '1.1.0+b',
      });
      expect(await activeCanaries(test.db)).toEqual({});
      expect((await activeReleases(test.db))['mf-donate']?.version).toBe('1.0.0+a');
      await expect(promoteCanary(test.db, { remote: 'mf-donate', by, reason: 'too late' })).rejects.toThrow(
        'mf-donate has no canary to promote.',
      );
      await expect(endCanary(test.db, { remote: 'mf-donate', by, reason: 'again' })).rejects.toThrow(
        'mf-donate has no canary running.',
      );

      // With a target, the canary ends and the remote goes there too.
      await canary('1.2.0+c');
      expect(await rollbackRelease(test.db, { remote: 'mf-donate', by, reason: 'all back', to: 'configured' })).toEqual(
        { from: '1.0.0+a', to: null, canaryEnded: '1.2.0+c' },
      );
      expect(await activeReleases(test.db)).toEqual({});
    });

    it('must be a published release that is not already active', async () => {
      await expect(canary('9.9.9+z')).rejects.toThrow('mf-donate has no published version "9.9.9+z".');
      await expect(canary('1.0.0+a')).rejects.toThrow('mf-donate 1.0.0+a is already active.');
    });
  });
});
