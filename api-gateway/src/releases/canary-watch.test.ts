import { createLogger } from '../platform/logger.js';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import {
  AUTOMATIC_CANARY_CHECK,
  CANARY_MIN_FAILURES,
  CANARY_MIN_LOADS,
  canaryFailsClearly,
  canaryWatch,
  failuresNeeded,
} from './canary-watch.js';
import { forCohort, registryCache, type RegistryCache } from './registry-cache.js';
import {
  activateRelease,
  activeCanaries,
  endCanary,
  recordRelease,
  releaseHistory,
  startCanary,
} from './release-registry.js';
import { testConfiguredRoutes } from '../testing/configured-routes.js';
import { eventually } from '../testing/eventually.js';

const logger = createLogger({ logLevel: 'silent' });
const configured = {
  'mf-content': '/remotes/mf-content/mf-manifest.json',
  'mf-engagement': '/remotes/mf-engagement/mf-manifest.json',
  'mf-donate': '/remotes/mf-donate/mf-manifest.json',
};
const change = { remote: 'mf-content', by: 'ops', reason: 'test' };
let reports = 0;
/** The address of the visitor of `cohort`: each visitor one client. */
const visitorAt = (cohort: number) => `192.0.2.${cohort}`;
/** Another page load's report, from another client. */
const reporter = () => ({ nonce: `load-${++reports}`, client: `198.51.100.${reports % 250}` });

describe('canaryFailsClearly', () => {
  it('needs enough page loads and failures, and a rate well above the active release’s', () => {
    expect(
      canaryFailsClearly({ loads: CANARY_MIN_LOADS, failures: CANARY_MIN_FAILURES - 1 }, { loads: 100, failures: 0 }),
    ).toBe(false);
    expect(
      canaryFailsClearly({ loads: CANARY_MIN_LOADS - 1, failures: CANARY_MIN_LOADS - 1 }, { loads: 100, failures: 0 }),
    ).toBe(false);
    expect(
      canaryFailsClearly({ loads: CANARY_MIN_LOADS, failures: CANARY_MIN_FAILURES }, { loads: 100, failures: 0 }),
    ).toBe(true);
    // As often as the active release: a problem of the site, not of the canary.
    expect(canaryFailsClearly({ loads: 100, failures: 20 }, { loads: 900, failures: 180 })).toBe(false);
    expect(canaryFailsClearly({ loads: 100, failures: 50 }, { loads: 900, failures: 180 })).toBe(true);
  });

  it('needs more failures the more page loads the canary has served', () => {
    const healthy = { loads: 1000, failures: 0 };
    expect([20, 100, 200, 1000, 10_000].map((loads) => failuresNeeded(loads, healthy))).toEqual([5, 5, 10, 50, 500]);
    expect(failuresNeeded(200, { loads: 1000, failures: 10 })).toBe(14);
  });
});

describe('a running canary', () => {
  let test: TestDatabase;
  let registry: RegistryCache;

  beforeEach(async () => {
    test = await openTestDatabase('pglite');
    await migrate(test.db);
    for (const version of ['1.0.0+a', '1.1.0+b'])
      await recordRelease(test.db, { ...change, version, entry: `/releases/mf-content/${version}/mf-manifest.json` });
    await activateRelease(test.db, { ...change, version: '1.0.0+a' });
    await startCanary(test.db, { ...change, version: '1.1.0+b', percent: 20 });
    registry = await registryCache({
      db: test.db,
      configured,
      configuredRoutes: testConfiguredRoutes,
      logger,
      signingSecret: 'a-secret-of-at-least-thirty-two-characters',
    });
  });
  afterEach(async () => {
    await registry.close();
    await test.dispose();
  });

  it('is served to the cohorts below its share, each variant with its own snapshot and report token', async () => {
    const snapshot = await registry.current();
    const [canaryVisitor, otherVisitor] = [forCohort(snapshot, 19), forCohort(snapshot, 20)];
    expect(canaryVisitor.registry.remotes['mf-content']).toMatchObject({
      version: '1.1.0+b',
      entry: '/releases/mf-content/1.1.0+b/mf-manifest.json',
    });
    expect(otherVisitor).toBe(snapshot);
    expect(snapshot.registry.remotes['mf-content']!.version).toBe('1.0.0+a');
    expect(forCohort(snapshot, 0)).toBe(canaryVisitor);
    expect(canaryVisitor.key).not.toBe(snapshot.key);
    expect(forCohort(snapshot, null)).toBe(snapshot);

    const token = canaryVisitor.registry.remotes['mf-content']!.reportToken;
    expect(registry.isReportToken('mf-content', '1.1.0+b', token)).toBe(true);
    expect(registry.isReportToken('mf-content', '1.0.0+a', token)).toBe(false);
    expect(registry.isReportToken('mf-content', '1.1.0+b', undefined)).toBe(false);
  });

  it('that fails clearly more often than the active release is ended by the gateway, saying why', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    for (let cohort = 0; cohort < 100; cohort += 1) watch.pageServed(snapshot, 'mf-content', cohort, visitorAt(cohort));
    await watch.failureReported(snapshot, 'mf-content', '1.0.0+a', reporter());
    for (let failure = 1; failure < CANARY_MIN_FAILURES; failure += 1)
      await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect(await activeCanaries(test.db)).toHaveProperty('mf-content');

    await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect(await activeCanaries(test.db)).toEqual({});
    const ended = (await releaseHistory(test.db, 'mf-content')).at(-1);
    expect(ended).toMatchObject({ event: 'canary-end', version: '1.1.0+b', by: AUTOMATIC_CANARY_CHECK });
    expect(ended?.reason).toBe(
      "automatic: its pages failed 5 times in 20 page loads, the active release's (1.0.0+a) 1 times in 80",
    );
    // Reports still arriving for it change nothing more.
    await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect((await releaseHistory(test.db, 'mf-content')).filter((item) => item.event === 'canary-end')).toHaveLength(1);
  });

  it('is judged on the counts every instance shares: loads served by one, failures heard by another', async () => {
    const [serving, hearing] = [canaryWatch(test.db, logger), canaryWatch(test.db, logger)];
    const snapshot = await registry.current();
    for (let cohort = 0; cohort < 100; cohort += 1)
      serving.pageServed(snapshot, 'mf-content', cohort, visitorAt(cohort));
    await serving.flush();
    for (let failure = 0; failure < CANARY_MIN_FAILURES; failure += 1)
      await hearing.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect(await activeCanaries(test.db)).toEqual({});
    expect((await releaseHistory(test.db, 'mf-content')).at(-1)?.reason).toBe(
      "automatic: its pages failed 5 times in 20 page loads, the active release's (1.0.0+a) 0 times in 80",
    );
  });

  it('writes the page loads it counted by itself, without being stopped', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    watch.pageServed(snapshot, 'mf-content', 3, visitorAt(3));
    const written = async () =>
      (await test.db.query<{ version: string; loads: string }>('SELECT version, loads::text FROM canary_counts')).rows;
    await eventually(async () => (await written()).length > 0);
    expect(await written()).toEqual([{ version: '1.1.0+b', loads: '1' }]);
  });

  it('keeps no count that an instance with the snapshot of before makes once the canary has ended', async () => {
    const late = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    await endCanary(test.db, { ...change, reason: 'ended by hand' });
    late.pageServed(snapshot, 'mf-content', 3, visitorAt(3));
    await late.flush();
    await late.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect((await test.db.query('SELECT * FROM canary_counts')).rows).toEqual([]);
  });

  it('counts a flood of reports from one client, or of one page load, once', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    for (let cohort = 0; cohort < 100; cohort += 1) watch.pageServed(snapshot, 'mf-content', cohort, visitorAt(cohort));
    for (let report = 0; report < 50; report += 1)
      await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', {
        nonce: `flood-${report}`,
        client: '203.0.113.9',
      });
    for (let report = 0; report < 50; report += 1)
      await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', {
        nonce: 'one-load',
        client: `203.0.113.${report + 10}`,
      });
    expect(await activeCanaries(test.db)).toHaveProperty('mf-content');
    const { rows } = await test.db.query<{ failures: string }>(
      `SELECT failures::text FROM canary_counts WHERE version = '1.1.0+b'`,
    );
    expect(rows).toEqual([{ failures: '2' }]);
  });

  it('counts a client’s page loads once: reloads, and every address of one IPv6 /64', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    for (let load = 0; load < 50; load += 1) {
      watch.pageServed(snapshot, 'mf-content', 3, '203.0.113.9');
      watch.pageServed(snapshot, 'mf-content', 3, `2001:db8:5:6:${load.toString(16)}::1`);
    }
    await watch.flush();
    // Again, on another instance.
    const other = canaryWatch(test.db, logger);
    other.pageServed(snapshot, 'mf-content', 3, '::ffff:203.0.113.9');
    other.pageServed(snapshot, 'mf-content', 3, '2001:db8:5:7::1');
    await other.flush();
    const { rows } = await test.db.query<{ loads: string }>(
      `SELECT loads::text FROM canary_counts WHERE version = '1.1.0+b'`,
    );
    expect(rows).toEqual([{ loads: '3' }]);
  });

  it('stays when 20 page loads and 5 forged reports come from 5 addresses', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    const attackers = [1, 2, 3, 4, 5].map((host) => `198.51.100.${host}`);
    for (let load = 0; load < 20; load += 1) watch.pageServed(snapshot, 'mf-content', 3, attackers[load % 5]!);
    for (const [index, client] of attackers.entries())
      await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', { nonce: `forged-${index}`, client });
    expect(await activeCanaries(test.db)).toHaveProperty('mf-content');
    const { rows } = await test.db.query<{ loads: string; failures: string }>(
      `SELECT loads::text, failures::text FROM canary_counts WHERE version = '1.1.0+b'`,
    );
    expect(rows).toEqual([{ loads: '5', failures: '5' }]);
  });

  it('that fails as often as the active release keeps running', async () => {
    const watch = canaryWatch(test.db, logger);
    const snapshot = await registry.current();
    for (let cohort = 0; cohort < 100; cohort += 1) watch.pageServed(snapshot, 'mf-content', cohort, visitorAt(cohort));
    for (let failure = 0; failure < 24; failure += 1)
      await watch.failureReported(snapshot, 'mf-content', '1.0.0+a', reporter());
    for (let failure = 0; failure < 6; failure += 1)
      await watch.failureReported(snapshot, 'mf-content', '1.1.0+b', reporter());
    expect(await activeCanaries(test.db)).toHaveProperty('mf-content');
  });
});
