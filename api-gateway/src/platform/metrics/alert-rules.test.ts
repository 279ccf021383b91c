import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrate } from '../db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway } from '../../testing/test-gateway.js';

// The alerts operators get (deploy/prometheus/alerts.yml), tested with Prometheus' own promtool
// (Debian's `prometheus`, which `npm run test:unit` installs), and held to the metrics the gateway has.
const PROMETHEUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/prometheus');
const promtool = (...args: string[]) => promisify(execFile)('promtool', args, { cwd: PROMETHEUS_DIR });

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterAll(() => test.dispose());

describe('the alert rules', () => {
  it('are valid, and each fires (or keeps quiet) as its promtool tests say', async () => {
    expect((await promtool('check', 'rules', 'alerts.yml')).stdout).toContain('SUCCESS: 13 rules found');
    expect((await promtool('test', 'rules', 'alerts.test.yml')).stdout).toContain('SUCCESS');
  });

  it('query only metrics the gateway exports', async () => {
    const rules = fs.readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');
    const queried = new Set(rules.match(/\bparty_[a-z_]+/g));
    const gateway = await startTestGateway(test.db);
    try {
      const exported = await gateway.metrics.registry.metrics();
      expect([...queried].filter((name) => !exported.includes(`# TYPE ${name} `))).toEqual([]);
      expect(queried.size).toBeGreaterThanOrEqual(8);
    } finally {
      await gateway.close();
    }
  });
});
