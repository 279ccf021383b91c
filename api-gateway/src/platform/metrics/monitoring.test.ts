import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway } from '../../testing/test-gateway.js';
import { runTestProcess } from '../../testing/test-processes.js';

// What operators get: the alerts (deploy/prometheus/alerts.yml), tested with Prometheus' own promtool
// (Debian's `prometheus`, which `npm run test:unit` installs), and the dashboard
// (deploy/grafana/party-site.json), both held to the metrics the gateway has.
const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const PROMETHEUS_DIR = path.join(DEPLOY_DIR, 'prometheus');
const promtool = (...args: string[]) => runTestProcess('promtool', 'promtool', args, { cwd: PROMETHEUS_DIR });

interface Dashboard {
  uid: string;
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
}
const dashboard = JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, 'grafana/party-site.json'), 'utf8')) as Dashboard;
const dashboardQueries = dashboard.panels.flatMap((panel) => panel.targets?.map((target) => target.expr) ?? []);
const alertRules = fs.readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');

/** The gateway's metric names a text of PromQL reads (a histogram's series by the histogram's name). */
const metricsIn = (text: string) =>
  new Set([...text.matchAll(/\bparty_[a-z_]+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, '')));

let test: TestDatabase;
let exported: string;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  const gateway = await startTestGateway(test.db);
  try {
    exported = await gateway.scrape();
  } finally {
    await gateway.close();
  }
});
afterAll(() => test.dispose());

const notExported = (names: Set<string>) => [...names].filter((name) => !exported.includes(`# TYPE ${name} `));

describe('the alert rules', () => {
  it('are valid, and each fires (or keeps quiet) as its promtool tests say', async () => {
    expect((await promtool('check', 'rules', 'alerts.yml')).stdout).toContain('SUCCESS: 17 rules found');
    expect((await promtool('test', 'rules', 'alerts.test.yml')).stdout).toContain('SUCCESS');
  });

  it('query only metrics the gateway exports', () => {
    const queried = metricsIn(alertRules);
    expect(notExported(queried)).toEqual([]);
    expect(queried.size).toBeGreaterThanOrEqual(12);
  });
});

describe('the dashboard', () => {
  it('queries only metrics the gateway exports and rules the alerts record, and shows every metric an alert reads', () => {
    const queried = metricsIn(dashboardQueries.join('\n'));
    expect(notExported(queried)).toEqual([]);
    expect([...metricsIn(alertRules)].filter((name) => !queried.has(name))).toEqual([]);
    const recorded = new Set([...alertRules.matchAll(/record: (\S+)/g)].map(([, name]) => name));
    const used = dashboardQueries.flatMap((expr) => [...expr.matchAll(/\bparty:[a-z_:0-9]+/g)].map(([name]) => name));
    expect(used.filter((name) => !recorded.has(name))).toEqual([]);
  });

  it('holds only queries Prometheus parses', async () => {
    // promtool checks PromQL inside rule files: each query, as a rule of a scratch file.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-'));
    try {
      const rules = dashboardQueries.map(
        (expr, n) => `      - record: dashboard:query_${n}\n        expr: ${JSON.stringify(expr)}`,
      );
      fs.writeFileSync(
        path.join(scratch, 'queries.yml'),
        `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`,
      );
      const { stdout } = await promtool('check', 'rules', path.join(scratch, 'queries.yml'));
      expect(stdout).toContain(`SUCCESS: ${dashboardQueries.length} rules found`);
      expect(dashboardQueries.length).toBeGreaterThanOrEqual(15);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
