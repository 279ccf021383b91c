import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeDonateBuild } from '../../testing/fake-remote-build.js';
import { freePort } from '../../testing/free-port.js';
import { startGatewayProcess, type GatewayProcess } from '../../testing/gateway-process.js';
import { runTestProcess, startTestProcess } from '../../testing/test-processes.js';

// The runbook tried as the operator on call would: a real Prometheus (Debian's, with the site's
// alert rules) scrapes a gateway whose newest mf-donate release fails in visitors' browsers; once
// RemoteFailingFast fires, the commands docs/operations/incidents.md gives for it, and its rollback,
// run as written in a shell, and the site is back on the release before.

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const runbookFile = path.join(repositoryRoot, 'docs/operations/incidents.md');

/** The shell commands a runbook section gives: in its numbered steps' backticks and in its code block. */
function commandsOf(runbook: string, heading: string): string[] {
  const section = runbook.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`The runbook has no section "${heading}"`);
  const steps = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map(([, command]) => command!);
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const lines = block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  return [...steps, ...lines];
}

/** Polls `check` until it gives a value; bounded, and saying what it waited for. */
async function waitFor<T>(what: string, check: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let scratch: string;
let gateway: GatewayProcess;
let prometheus: ChildProcess;
let env: NodeJS.ProcessEnv;
let metricsUrl: string;
let prometheusUrl: string;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'incident-drill-'));
  const [metricsPort, prometheusPort] = [await freePort(), await freePort()];
  const siteRoot = path.join(scratch, 'site');
  await fs.mkdir(path.join(siteRoot, 'shell/dist'), { recursive: true });
  await fs.writeFile(
    path.join(siteRoot, 'shell/dist/index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(
    path.join(siteRoot, 'shell/dist/page-assets.json'),
    JSON.stringify({ scripts: [], stylesheets: [], inlineScripts: [] }),
  );
  const storeDir = path.join(scratch, 'store');
  gateway = await startGatewayProcess({
    LOG_LEVEL: 'silent',
    FORM_RATE_LIMIT: '100000',
    SERVE_SITE: 'true',
    SITE_ROOT: siteRoot,
    RELEASE_STORE_DIR: storeDir,
    METRICS_HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
  });
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  // What the operator's shell has: the site, its metrics, and the gateway's machine for npm run remotes.
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SITE: gateway.url,
    METRICS: metricsUrl,
    PGLITE_DATA_DIR: gateway.dataDir,
    RELEASE_STORE_DIR: storeDir,
    LOG_LEVEL: 'error',
  };

  const config = path.join(scratch, 'prometheus.yml');
  await fs.writeFile(
    config,
    `global: { scrape_interval: 1s, evaluation_interval: 1s }
rule_files: ['${path.join(repositoryRoot, 'deploy/prometheus/alerts.yml')}']
scrape_configs:
  - job_name: party
    static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }]
`,
  );
  prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  prometheus = startTestProcess(
    'Prometheus',
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(scratch, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
      '--log.level=error',
    ],
    { stdio: 'ignore' },
  );
  await waitFor('Prometheus ready', async () => ((await fetch(`${prometheusUrl}/-/ready`)).ok ? true : null));
}, 120_000);

afterAll(async () => {
  prometheus?.kill();
  await gateway?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('the runbook', () => {
  it('takes the operator from RemoteFailingFast, fired by Prometheus, to the release before', async () => {
    const shell = async (command: string) =>
      (await runTestProcess(`the runbook's ${command}`, 'bash', ['-c', command], { cwd: repositoryRoot, env })).stdout;
    const remotes = (...args: string[]) => shell(`npm run --silent remotes -- ${args.join(' ')}`);
    const build = path.join(scratch, 'build');
    await fakeDonateBuild(build);
    for (const version of ['1.0.0', '1.1.0']) {
      await remotes('publish', 'mf-donate', '--from', build, '--version', version, '--reason', 'release');
      await remotes('activate', 'mf-donate', version, '--reason', 'launch');
    }

    // Visitors load the donate page; after 1.1.0 their browsers report that mf-donate fails to load.
    const token = await waitFor('the registry to name 1.1.0', async () => {
      const registry = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as {
        remotes: Record<string, { version: string; reportToken?: string }>;
      };
      const donate = registry.remotes['mf-donate']!;
      return donate.version === '1.1.0' ? donate.reportToken! : null;
    });
    const visit = async (loads: number, failures: number) => {
      for (let load = 0; load < loads; load += 1) await (await fetch(`${gateway.url}/donate`)).arrayBuffer();
      for (let failure = 0; failure < failures; failure += 1) {
        const response = await fetch(`${gateway.url}/api/remote-failures`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: gateway.url },
          body: JSON.stringify({ remote: 'mf-donate', version: '1.1.0', code: 'RUNTIME-008', route: '/donate', token }),
        });
        expect(response.status).toBe(204);
      }
    };
    // A first look by Prometheus at both series, so that what follows is an increase it can see.
    await visit(2, 1);
    const query = async (expr: string) =>
      (
        (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as {
          data: { result: unknown[] };
        }
      ).data.result;
    await waitFor('Prometheus to have scraped the first failure', async () =>
      (await query('party_remote_load_failures_total{remote="mf-donate"}')).length > 0 ? true : null,
    );
    await visit(40, 12);
    const fired = await waitFor('RemoteFailingFast to fire', async () => {
      const { data } = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as {
        data: { alerts: Array<{ labels: Record<string, string>; state: string; annotations: Record<string, string> }> };
      };
      return (
        data.alerts.find((alert) => alert.labels.alertname === 'RemoteFailingFast' && alert.state === 'firing') ?? null
      );
    });
    expect(fired.labels).toMatchObject({ remote: 'mf-donate', severity: 'page' });
    expect(fired.annotations.runbook).toBe('docs/operations/incidents.md#remotefailingfast');

    // The runbook's first three commands, as written, for this remote and release.
    const runbook = await fs.readFile(runbookFile, 'utf8');
    const forThis = (command: string) => command.replaceAll('<remote>', 'mf-donate').replaceAll('<version>', '1.1.0');
    const [history, failures, files] = commandsOf(runbook, 'RemoteFailingFast').map(forThis);
    expect(history).toBe('npm run remotes -- history mf-donate');
    expect(await shell(history!)).toMatch(/activate {4}1\.0\.0 -> 1\.1\.0 {2}by .*: launch/);
    expect(await shell(failures!)).toContain(
      'party_remote_load_failures_total{remote="mf-donate",version="1.1.0",code="RUNTIME-008"} 13',
    );
    // Its files are there: the release's code, not its delivery, is what fails.
    expect(await shell(files!)).toMatch(/^HTTP\/1\.1 200 OK/);

    // The rollback, as written.
    const rollback = commandsOf(runbook, 'Rolling back one remote');
    expect(rollback).toHaveLength(3);
    expect(await shell(rollback[0]!)).toMatch(/^mf-donate {2}1\.1\.0 /m);
    expect(await shell(rollback[1]!)).toContain('mf-donate rolled back from 1.1.0 to 1.0.0');
    expect(await shell(rollback[2]!)).toMatch(
      /^site-releases: shell@configured, mf-content@configured, mf-donate@1\.0\.0, mf-engagement@configured\s*$/im,
    );
  }, 180_000);
});
