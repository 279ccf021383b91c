import pg from 'pg';
import { createLogger } from '../platform/logger.js';
import { migrate } from '../platform/db/migrate.js';
import type { Database } from '../platform/db/database.js';
import { eventually } from '../testing/eventually.js';
import { switchableDatabase } from '../testing/switchable-database.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/test-databases.js';
import { registryCache, releasesOf, type RegistryCache } from './registry-cache.js';
import { activateRelease, recordRelease } from './release-registry.js';
import { testConfiguredRoutes, testRoutes } from '../testing/configured-routes.js';
import { testServiceAvailable } from '../testing/test-services.js';

const logger = createLogger({ logLevel: 'silent' });
const configured = {
  'mf-content': '/remotes/mf-content/mf-manifest.json',
  'mf-engagement': '/remotes/mf-engagement/mf-manifest.json',
  'mf-donate': '/remotes/mf-donate/mf-manifest.json',
};
const change = { by: 'test', reason: 'test' };

async function publishAndActivate(db: Database, remote: 'mf-donate', version: string) {
  await recordRelease(db, { remote, version, entry: `/releases/${remote}/${version}/mf-manifest.json`, ...change });
  await activateRelease(db, { remote, version, ...change });
}

/** Counts the statements a database runs. */
function counting(db: Database) {
  const counter = { queries: 0 };
  const counted: Database = {
    ...db,
    query: (sql, params) => {
      counter.queries += 1;
      return db.query(sql, params);
    },
  };
  return { db: counted, counter };
}

describe.each([testDatabaseKind])('the registry cache on %s', (kind) => {
  let test: TestDatabase;
  const caches: RegistryCache[] = [];
  const cache = async (db: Database = test.db) => {
    const opened = await registryCache({ db, configured, configuredRoutes: testConfiguredRoutes, logger });
    caches.push(opened);
    return opened;
  };

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    await migrate(test.db);
  });
  beforeEach(() =>
    test.db.query(
      'TRUNCATE active_remotes, remote_activations, remote_canaries, remote_canary_events, remote_releases',
    ),
  );
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((opened) => opened.close()));
  });
  afterAll(() => test.dispose());

  it('switches to a snapshot only once its releases are prepared, serving the previous one (behind) until then', async () => {
    const fetchable = new Set<string>();
    const registry = await registryCache({
      db: test.db,
      configured,
      configuredRoutes: testConfiguredRoutes,
      logger,
      prepare: async (snapshot) => {
        for (const { remote: frontEnd, version } of releasesOf(snapshot))
          if (!fetchable.has(`${frontEnd} ${version}`)) throw new Error(`${frontEnd} ${version} is not in the store`);
      },
    });
    caches.push(registry);
    await publishAndActivate(test.db, 'mf-donate', '2.0.0');
    await eventually(async () => registry.behind());
    expect((await registry.current()).registry.remotes['mf-donate']!.version).toBe('configured');

    // Tried again on its own, without a request or a notification.
    fetchable.add('mf-donate 2.0.0');
    await eventually(async () => !registry.behind());
    expect((await registry.current()).registry.remotes['mf-donate']!.version).toBe('2.0.0');
  });

  it('carries the routes each release declares, and knows the routes pages may report failures on', async () => {
    const registry = await cache();
    expect((await registry.current()).registry.remotes['mf-donate']!.routes).toEqual(testRoutes['mf-donate']);
    const routes = [...testRoutes['mf-donate'], { path: '/donate/receipt', page: 'Receipt' }];
    await recordRelease(test.db, {
      remote: 'mf-donate',
      version: '2.0.0',
      entry: '/releases/mf-donate/2.0.0/mf-manifest.json',
      routes,
      ...change,
    });
    await activateRelease(test.db, { remote: 'mf-donate', version: '2.0.0', ...change });
    // The new page's route is known as soon as the release is: no restart.
    await eventually(async () => (await registry.current()).knownRoutes.has('/donate/receipt'));
    expect((await registry.current()).registry.remotes['mf-donate']!.routes).toEqual(routes);
  });

  it('reads again every 30 s, so that a notification lost unnoticed costs at most that', async () => {
    const deaf: Database = { ...test.db, listen: async () => async () => undefined };
    let clock = 0;
    const registry = await registryCache({
      db: deaf,
      configured,
      configuredRoutes: testConfiguredRoutes,
      logger,
      clock: () => clock,
    });
    caches.push(registry);
    await publishAndActivate(test.db, 'mf-donate', '3.0.0+eeeeeee');
    clock += 29_999;
    expect((await registry.current()).registry.remotes['mf-donate']!.version).toBe('configured');
    clock += 1;
    expect((await registry.current()).registry.remotes['mf-donate']!.version).toBe('3.0.0+eeeeeee');
  });

  it('reads the database once, not on every page view', async () => {
    const { db, counter } = counting(test.db);
    const registry = await cache(db);
    const afterStart = counter.queries;
    for (let view = 0; view < 100; view += 1) await registry.current();
    expect(counter.queries).toBe(afterStart);
    expect((await registry.current()).registry.remotes['mf-donate']).toMatchObject({
      entry: configured['mf-donate'],
      version: 'configured',
    });
  });

  it('switches when a release is activated, in every instance, at once', async () => {
    const [first, second] = [await cache(), await cache()];
    await publishAndActivate(test.db, 'mf-donate', '1.0.0+aaaaaaa');
    for (const registry of [first, second]) {
      await eventually(
        async () => (await registry.current()).registry.remotes['mf-donate']!.version === '1.0.0+aaaaaaa',
        2000,
      );
      expect((await registry.current()).knownVersions.get('mf-donate')?.has('1.0.0+aaaaaaa')).toBe(true);
    }
  });

  it('keeps serving the last snapshot while the database cannot be read, and says so', async () => {
    await publishAndActivate(test.db, 'mf-donate', '1.0.0+bbbbbbb');
    const database = switchableDatabase(test.db);
    const registry = await cache(database.db);
    database.state.down = true;
    await recordRelease(test.db, {
      remote: 'mf-donate',
      version: '1.0.1+ccccccc',
      entry: '/releases/x/mf-manifest.json',
      ...change,
    });
    // The notification makes it read again, and the read fails.
    await eventually(() => !registry.readable());
    expect((await registry.current()).registry.remotes['mf-donate']!.version).toBe('1.0.0+bbbbbbb');
    database.state.down = false;
    await eventually(async () => (await registry.current(), registry.readable()));
  });
});

(testServiceAvailable('postgres') ? it : it.skip)(
  'hears about changes again after its notification connection was lost (PostgreSQL)',
  async () => {
    const applicationName = `registry-cache-${process.pid}`;
    const test = await openTestDatabase('postgres', { applicationName });
    try {
      await migrate(test.db);
      const registry = await registryCache({ db: test.db, configured, configuredRoutes: testConfiguredRoutes, logger });
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      // The listener's connection alone: the pool's, ended too, could be handed out dead before it noticed.
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`,
        [applicationName],
      );
      expect(rowCount).toBe(1);
      await admin.end();
      // Published while the listener is away or as it returns: it reads again once it is back.
      await publishAndActivate(test.db, 'mf-donate', '2.0.0+ddddddd');
      await eventually(
        async () => (await registry.current()).registry.remotes['mf-donate']!.version === '2.0.0+ddddddd',
        3000,
      );
      await registry.close();
    } finally {
      await test.dispose();
    }
  },
);
