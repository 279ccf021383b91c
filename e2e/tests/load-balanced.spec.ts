import fs from 'node:fs';
import path from 'node:path';
import { buildRemote as buildForRelease } from '@party/release-tool';
import { expect, test } from '@playwright/test';
import { repositoryRoot } from '../support/local-processes';
import { startLoadBalancedSite, type GatewayName } from '../support/load-balanced-site';

// The reference deployment (docs/deployment.md): HAProxy, two gateways, one PostgreSQL and Redis.
// Only HTTP here: what a visitor's browser does with these pages the other journeys test.
const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = process.env;
test.skip(
  !databaseUrl || !redisUrl,
  'The load-balanced deployment needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).',
);
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof startLoadBalancedSite>>;
let contentBuild: string;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startLoadBalancedSite({ databaseUrl: databaseUrl!, redisUrl: redisUrl! });
  contentBuild = path.join(site.scratch, 'mf-content-build');
  await buildForRelease(path.join(repositoryRoot, 'mf-content'), contentBuild, '3.0.0-lb');
});
test.afterAll(async () => site?.close());

const gateways: GatewayName[] = ['a', 'b'];

/** What gateway `name` serves at `path`: status, and the releases named in its server-rendered HTML. */
async function served(name: GatewayName, pathname: string) {
  const response = await fetch(`${site.gatewayUrl(name)}${pathname}`);
  const html = await response.text();
  return {
    status: response.status,
    html,
    content: /data-remote="mf-content"[\s\S]*?data-release="([^"]+)"/.exec(html)?.[1] ?? null,
    shell: /<header[^>]*data-release="([^"]+)"/.exec(html)?.[1] ?? null,
  };
}

test('a release published through one gateway and activated through the other is served, rendered on the server, by both; a shell release too; and rollback likewise', async () => {
  test.setTimeout(240_000);
  const before = await served('a', '/about');
  expect(before.content).not.toBeNull();

  await site.remotes(
    'a',
    'publish',
    'mf-content',
    '--from',
    contentBuild,
    '--version',
    '3.0.0-lb',
    '--reason',
    'through A',
  );
  await site.remotes('b', 'activate', 'mf-content', '3.0.0-lb', '--reason', 'through B');
  for (const name of gateways) {
    await expect.poll(async () => (await served(name, '/about')).content, { timeout: 30_000 }).toBe('3.0.0-lb');
    expect((await fetch(`${site.gatewayUrl(name)}/releases/mf-content/3.0.0-lb/mf-manifest.json`)).status).toBe(200);
  }

  const shellBuild = path.join(site.scratch, 'shell-build');
  await buildForRelease(path.join(repositoryRoot, 'shell'), shellBuild, '2.0.0-lb');
  await site.remotes('b', 'publish', 'shell', '--from', shellBuild, '--version', '2.0.0-lb', '--reason', 'through B');
  await site.remotes('a', 'activate', 'shell', '2.0.0-lb', '--reason', 'through A');
  for (const name of gateways) {
    await expect.poll(async () => (await served(name, '/about')).shell, { timeout: 30_000 }).toBe('2.0.0-lb');
    const page = await served(name, '/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('/releases/shell/2.0.0-lb/static/js/');
    expect(page.html).toMatch(/<div id="root">\s*<[a-z]/);
  }

  await site.remotes('b', 'rollback', 'shell', '--reason', 'back');
  await site.remotes('a', 'rollback', 'mf-content', '--reason', 'back');
  for (const name of gateways) {
    await expect.poll(async () => (await served(name, '/about')).content, { timeout: 30_000 }).toBe(before.content);
    expect((await served(name, '/about')).shell).toBe(before.shell);
  }
  fs.rmSync(shellBuild, { recursive: true, force: true });
});

test('a rolling restart of both gateways under steady load: no failed request, no reset connection, no acknowledged write lost', async () => {
  test.setTimeout(240_000);
  const outcome = { pages: 0, failures: [] as string[], acknowledged: [] as string[] };
  let restarted = false;
  // Four visitors through the balancer, each viewing a page and signing up, until the restart is over (bounded).
  const visitor = async (id: number) => {
    for (let n = 0; n < 20_000 && !restarted; n += 1) {
      try {
        const page = await fetch(`${site.baseUrl}/about`);
        const html = await page.text();
        if (page.status === 200 && html.includes('data-remote="mf-content"')) outcome.pages += 1;
        else outcome.failures.push(`GET /about ${page.status}`);
        const email = `rolling-${id}-${n}@example.org`;
        const signUp = await fetch(`${site.baseUrl}/api/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.baseUrl },
          body: JSON.stringify({ email }),
        });
        await signUp.arrayBuffer();
        if (signUp.status === 201) outcome.acknowledged.push(email);
        else outcome.failures.push(`POST /api/newsletter ${signUp.status}`);
      } catch (error) {
        outcome.failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(visitor));
  // The visitors are served before the restart begins and still after it has ended.
  const pagesServed = (more: number, what: string) =>
    expect.poll(() => outcome.pages, { timeout: 30_000, message: what }).toBeGreaterThanOrEqual(more);
  try {
    await pagesServed(8, 'eight pages served before the restart');
    await site.rollingRestart();
    await pagesServed(outcome.pages + 8, 'eight more pages served after the restart');
  } finally {
    restarted = true;
    await load;
  }

  expect(outcome.failures).toEqual([]);
  expect(outcome.pages).toBeGreaterThan(50);
  const stored = await site.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE email = ANY($1)',
    [outcome.acknowledged],
  );
  expect(stored[0]!.n).toBe(outcome.acknowledged.length);
});

test('a canary whose failures are reported to one gateway while the other served its pages ends by itself', async () => {
  test.setTimeout(120_000);
  await site.remotes(
    'a',
    'publish',
    'mf-content',
    '--from',
    contentBuild,
    '--version',
    '3.1.0-canary',
    '--reason',
    'canary',
  );
  expect(
    await site.remotes('a', 'activate', 'mf-content', '3.1.0-canary', '--canary', '50', '--reason', 'half'),
  ).toContain('is a canary for 50% of visitors');
  // Gateway A serves pages to both halves once its snapshot has the canary: it then draws each new
  // visitor a cohort (a cookie it seals).
  const cohortSet = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('__Host-party_cohort='))
      ?.split(';')[0];
  await expect
    .poll(async () => cohortSet(await fetch(`${site.gatewayUrl('a')}/remotes.json`)) !== undefined, {
      timeout: 30_000,
    })
    .toBe(true);
  /** A visitor A put on `side`: drawn again until one lands there (each draw from this machine's address). */
  async function visitorOn(side: 'canary' | 'active'): Promise<string> {
    for (let draw = 0; draw < 64; draw += 1) {
      const page = await fetch(`${site.gatewayUrl('a')}/about`);
      if (page.headers.get('site-releases')!.includes(' canary') === (side === 'canary')) return cohortSet(page)!;
    }
    throw new Error(`no visitor drawn on the ${side} side in 64 draws`);
  }
  const visitors = { canary: await visitorOn('canary'), active: await visitorOn('active') };
  // Each page load of the canary's half carries a token of its own for its failure report. Loads
  // count once per client: each view comes from an address of its own.
  const canaryLoads: string[] = [];
  for (let view = 0; view < 20; view += 1) {
    for (const side of ['canary', 'active'] as const) {
      const page = await fetch(`${site.gatewayUrl('a')}/about`, {
        headers: { cookie: visitors[side], 'x-forwarded-for': `203.0.113.${view + 1}` },
      });
      expect(page.status).toBe(200);
      if (side === 'canary')
        canaryLoads.push(
          page.headers
            .getSetCookie()
            .find((cookie) => cookie.startsWith('__Host-party_page_load='))!
            .split(';')[0]!,
        );
    }
  }
  const { reportToken } = (
    await (await fetch(`${site.gatewayUrl('a')}/remotes.json`, { headers: { cookie: visitors.canary } })).json()
  ).remotes['mf-content'];
  // A's page loads reach the shared counts (it writes them within a second of serving them).
  await expect
    .poll(
      () =>
        site.query<{ version: string; loads: number }>(
          "SELECT version, loads::int AS loads FROM canary_counts WHERE remote = 'mf-content' ORDER BY version",
        ),
      { timeout: 30_000, message: "gateway A's page loads in the shared canary counts, once per client" },
    )
    .toEqual([
      // The 20 views' addresses, and this machine's (the draws).
      { version: '3.1.0-canary', loads: 21 },
      { version: 'configured', loads: 21 },
    ]);

  // The canary's pages fail for its visitors, each at an address of its own; the balancer hands
  // their browsers' reports to B.
  const throughBalancer = { origin: site.baseUrl, 'x-forwarded-proto': 'http' };
  for (let report = 0; report < 6; report += 1) {
    const response = await fetch(`${site.gatewayUrl('b')}/api/remote-failures`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: canaryLoads[report]!,
        'x-forwarded-for': `198.51.100.${report + 1}`,
        ...throughBalancer,
      },
      body: JSON.stringify({
        remote: 'mf-content',
        version: '3.1.0-canary',
        code: 'RUNTIME-008',
        route: '/about',
        token: reportToken,
      }),
    });
    expect(response.status).toBe(204);
  }
  await expect
    .poll(async () => site.remotes('a', 'history', 'mf-content'), { timeout: 30_000 })
    .toMatch(
      /canary-end +3\.1\.0-canary .*gateway \(automatic canary check\): automatic: its pages failed 5 times in 21 page loads, the active release's \(configured\) 0 times in 21/,
    );
  const counts = await site.query<{ n: number }>('SELECT count(*)::int AS n FROM canary_counts');
  expect(counts[0]!.n).toBe(0);
});
