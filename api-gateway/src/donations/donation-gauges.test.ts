import { Registry } from 'prom-client';
import { migrate } from '../platform/index.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { donationGauges } from './donation-gauges.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterAll(() => test.dispose());

describe('the donation watchers’ gauge', () => {
  it('says how many blocks each network’s watcher is behind the head it last saw, and nothing for one never watched', async () => {
    const registry = new Registry();
    donationGauges(test.db, registry);
    await test.db.query(
      `INSERT INTO donation_watch_cursors (chain_id, first_block, block_number, block_hash, head_block)
       VALUES (1, 100, 180, '0xa', 1200), (137, 5, 40, '0xb', 40), (8453, 5, 9, '0xc', NULL)`,
    );
    const text = await registry.getSingleMetricAsString('party_donation_blocks_behind');
    expect(text).toContain('party_donation_blocks_behind{chain_id="1"} 1020\n');
    expect(text).toContain('party_donation_blocks_behind{chain_id="137"} 0');
    expect(text).not.toContain('chain_id="8453"');
    // A network no longer configured is forgotten with its cursor.
    await test.db.query('DELETE FROM donation_watch_cursors WHERE chain_id = 1');
    expect(await registry.getSingleMetricAsString('party_donation_blocks_behind')).not.toContain('chain_id="1"');
  });
});
