import { createLogger } from '../platform/logger.js';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { releaseLoadCounts } from './release-load-counts.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterAll(() => test.dispose());

describe('release load counts', () => {
  it('add what each instance counted to the shared minute, and give the last hour by release', async () => {
    const logger = createLogger({ logLevel: 'silent' });
    const [one, other] = [releaseLoadCounts(test.db, logger), releaseLoadCounts(test.db, logger)];
    for (let load = 0; load < 3; load += 1) one.pageServed('mf-content', '2.0.0');
    one.failureReported('mf-content', '2.0.0');
    other.pageServed('mf-content', '2.0.0');
    other.pageServed('mf-donate', '1.0.0');
    await Promise.all([one.flush(), other.flush()]);
    await test.db.query(
      `INSERT INTO release_load_counts (remote, version, minute, loads) VALUES ('mf-donate', '0.9.0', now() - interval '61 minutes', 50)`,
    );
    expect(await one.lastHour()).toEqual([
      { remote: 'mf-content', version: '2.0.0', loads: 4, failures: 1 },
      { remote: 'mf-donate', version: '1.0.0', loads: 1, failures: 0 },
    ]);
    // Nothing counted twice: written once, the counts start again.
    await one.flush();
    expect((await other.lastHour())[0]).toMatchObject({ loads: 4 });
  });
});
