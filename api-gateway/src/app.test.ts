import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { remoteRegistrySchema } from '@party/shared-contracts';
import { readConfig } from './config.js';
import type { Database } from './platform/db/database.js';
import { openTestDatabase, type TestDatabase } from './testing/test-databases.js';
import { migrate } from './platform/db/migrate.js';
import { composeGateway } from './gateway.js';
import { createLogger } from './platform/logger.js';
import { createAdminToken } from './releases/admin/admin-tokens.js';
import { fileDigests, releaseDigest } from './releases/release-integrity.js';
import {
  activateRelease,
  activeCanaries,
  RELEASE_REGISTRY_CHANNEL,
  recordRelease,
  startCanary,
} from './releases/release-registry.js';
import { eventually } from './testing/eventually.js';
import { switchableDatabase } from './testing/switchable-database.js';
import { TEST_SIGNING_SECRET } from './testing/test-gateway.js';
import { testConfiguredRoutes, testRoutes } from './testing/configured-routes.js';

const logger = createLogger({ logLevel: 'silent' });
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function writeFiles(root: string, files: Record<string, string | Buffer>) {
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
}

let siteRoot: string;
let test: TestDatabase;
/** The shell's inline script: its pages carry it, and their policy allows it by hash alone. */
const SHELL_SCRIPT = 'window.partyGuard=1';

beforeAll(async () => {
  siteRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'site-'));
  await writeFiles(siteRoot, {
    'shell/dist/index.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    'shell/dist/page-assets.json': JSON.stringify({
      scripts: ['/static/js/index.0a1b2c3d.js'],
      stylesheets: [],
      inlineScripts: [SHELL_SCRIPT],
    }),
    'shell/dist/static/js/index.0a1b2c3d.js': 'console.log("shell")',
    // Different texts, so that a test sees which file was sent.
    'shell/dist/static/js/index.0a1b2c3d.js.br': zlib.brotliCompressSync('console.log("from the .br file")'),
    'shell/dist/static/js/index.0a1b2c3d.js.gz': zlib.gzipSync('console.log("from the .gz file")'),
    'mf-content/dist/mf-manifest.json': '{"name":"mf-content"}',
    'mf-content/dist/static/js/async/__federation_expose_Home.9f8e7d.js': 'export{}',
  });
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterAll(() => test.dispose());

/** What each test's app opened: its registry's listener and its hashing threads. */
const opened: Array<{ close(): Promise<void> }> = [];
/** Closes what the test opened: before its own database, which a gateway writes its last counts to. */
const closeOpened = () => Promise.all(opened.splice(0).map((resource) => resource.close()));
afterEach(closeOpened);

/** The public app as server.ts composes it (composeGateway), as a request handler for supertest. */
async function app(db: Database = test.db, env: NodeJS.ProcessEnv = {}) {
  return (await gateway(db, env)).app.callback();
}

/** What the gateway's internal listener answers Prometheus. */
const scrape = async (composed: { metricsApp: { callback(): Parameters<typeof request>[0] } }) =>
  (await request(composed.metricsApp.callback()).get('/metrics').expect(200)).text;

async function gateway(db: Database = test.db, env: NodeJS.ProcessEnv = {}) {
  const config = readConfig({
    SITE_ROOT: siteRoot,
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    OUTBOX_WORKER: 'false',
    RETENTION_WORKER: 'false',
    DONATION_WORKER: 'false',
    ...env,
  });
  const composed = await composeGateway(config, { db, logger, configuredRoutes: testConfiguredRoutes });
  opened.push({ close: composed.stop });
  return composed;
}

describe('the probes', () => {
  it('answer alive always, and ready only once warm and until draining, each answer closing its connection while draining', async () => {
    const probed = await gateway(test.db, {
      HOST: '127.0.0.1',
      PORT: '0',
      CONTROL_SOCKET: 'off',
      SHUTDOWN_DRAIN_MS: '0',
    });
    const handler = probed.app.callback();
    await request(handler).get('/livez').expect(200, { status: 'alive' });
    await request(handler).get('/readyz').expect(503, { status: 'starting' });
    await probed.start();
    await request(handler).get('/readyz').expect(200, { status: 'ready' });
    // Told to stop: not ready from that moment, for the load balancer to notice while it drains.
    const stopping = probed.stop();
    const draining = await request(handler).get('/readyz').expect(503, { status: 'draining' });
    expect(draining.headers.connection).toBe('close');
    await request(handler).get('/livez').expect(200);
    await stopping;
  });
});

describe('GET /api/health', () => {
  it('reports that the database is reachable', async () => {
    const response = await request(await app())
      .get('/api/health')
      .expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: { kind: 'pglite', reachable: true },
      registry: { readable: true, behind: false },
      remotes: { 'mf-content': 'configured', 'mf-engagement': 'configured', 'mf-donate': 'configured' },
      shell: 'configured',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports degraded while the release registry cannot be read', async () => {
    // The database answers, but the registry's tables do not (a failed migration, lost grants).
    const registryDown = { value: false };
    const db: Database = {
      ...test.db,
      query: (sql, params) =>
        registryDown.value && /remote_/.test(sql)
          ? Promise.reject(new Error('permission denied'))
          : test.db.query(sql, params),
    };
    const server = await app(db);
    registryDown.value = true;
    await test.db.query(`NOTIFY ${RELEASE_REGISTRY_CHANNEL}`);
    await eventually(async () => (await request(server).get('/api/health')).body.status === 'degraded');
    const response = await request(server).get('/api/health').expect(200);
    expect(response.body.registry).toEqual({ readable: false, behind: false });
    expect(response.body.remotes['mf-content']).toBe('configured');
  });

  it('answers 503 when the database does not', async () => {
    const database = switchableDatabase(test.db);
    const server = await app(database.db);
    database.state.down = true;
    const response = await request(server).get('/api/health').expect(503);
    expect(response.body.database.reachable).toBe(false);
  });
});

describe('GET /remotes.json', () => {
  it('serves a valid registry, never cached', async () => {
    const response = await request(await app())
      .get('/remotes.json')
      .expect(200);
    expect(remoteRegistrySchema.safeParse(response.body).success).toBe(true);
    expect(response.body.remotes['mf-content'].entry).toBe('/remotes/mf-content/mf-manifest.json');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('points at the remote URLs the environment gives', async () => {
    const response = await request(
      await app(test.db, { REMOTE_ENTRY_MF_DONATE: 'https://cdn.example.org/mf-donate/mf-manifest.json' }),
    ).get('/remotes.json');
    expect(response.body.remotes['mf-donate'].entry).toBe('https://cdn.example.org/mf-donate/mf-manifest.json');
  });
});

describe('the site in all-in-one mode', () => {
  it("serves each route's page, and the 404 page for any other path, in the shell's HTML, not cached, under a strict CSP", async () => {
    for (const [route, status] of [
      ['/', 200],
      ['/news/some-article', 200],
      ['/about', 404],
      ['/no-such-page', 404],
    ] as const) {
      const response = await request(await app())
        .get(route)
        .expect(status);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(response.headers['content-security-policy']).toContain(
        `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`,
      );
      expect(response.text).toContain(`<script>${SHELL_SCRIPT}</script>`);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['site-releases']).toBe(
        'shell@configured, mf-content@configured, mf-donate@configured, mf-engagement@configured',
      );
    }
  });

  it('counts a server error answering a page against the remote and release whose route it is', async () => {
    const database = switchableDatabase(test.db);
    const composed = await gateway(database.db);
    const site = composed.app;
    // The registry read once: the site runs on that snapshot while the database is down.
    await request(site.callback()).get('/').expect(200);
    database.state.down = true;
    // A member's own page reads their session first: without a database, it cannot be answered.
    const response = await request(site.callback())
      .get('/members/account')
      .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
      .set('Cookie', `__Host-party_session=${'a'.repeat(43)}`);
    expect(response.status).toBeGreaterThanOrEqual(500);
    // The browser gets a page that says so, in the site's voice, styled under the site's policy.
    expect(response.type).toBe('text/html');
    expect(response.text).toContain('<h1>Something went wrong on our side</h1>');
    expect(response.headers['cache-control']).toBe('no-store');
    const style = /<style>(.*?)<\/style>/.exec(response.text)![1]!;
    expect(response.headers['content-security-policy']).toContain(
      `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}' 'self'`,
    );
    // An API client asking the same gets JSON.
    const asJson = await request(site.callback())
      .get('/members/account')
      .set('Cookie', `__Host-party_session=${'a'.repeat(43)}`);
    expect(asJson.body).toEqual({ message: 'Internal server error' });
    expect(await scrape(composed)).toContain(
      'party_remote_server_errors_total{remote="mf-engagement",version="configured"} 2',
    );
  });

  it('tells operators whether the kernel seals its page renderer', async () => {
    const composed = await gateway(test.db);
    await eventually(async () => (await scrape(composed)).includes('party_page_renderer_isolated 1'));
  });

  it('allows the origins of remotes served elsewhere in the CSP', async () => {
    const response = await request(
      await app(test.db, { REMOTE_ENTRY_MF_DONATE: 'https://cdn.example.org/mf-donate/mf-manifest.json' }),
    ).get('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example.org");
  });

  it('serves hashed assets as immutable with their content type', async () => {
    const response = await request(await app())
      .get('/static/js/index.0a1b2c3d.js')
      .expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the variant compressed at build that the browser accepts, never compressing on the fly', async () => {
    const server = await app();
    const brotli = await request(server).get('/static/js/index.0a1b2c3d.js').set('Accept-Encoding', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.text).toBe('console.log("from the .br file")');
    const gzip = await request(server).get('/static/js/index.0a1b2c3d.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe('console.log("from the .gz file")');
  });

  it('answers 304 to a browser that holds the file already, by ETag or by date', async () => {
    const server = await app();
    const file = await request(server).get('/static/js/index.0a1b2c3d.js').expect(200);
    expect(file.headers.etag).toMatch(/^W\/"/);
    await request(server).get('/static/js/index.0a1b2c3d.js').set('If-None-Match', file.headers.etag!).expect(304);
    await request(server)
      .get('/static/js/index.0a1b2c3d.js')
      .set('If-Modified-Since', file.headers['last-modified']!)
      .expect(304);
    await request(server).get('/static/js/index.0a1b2c3d.js').set('If-None-Match', 'W/"something-else"').expect(200);
    // A page's ETag names its HTML, as composed from the active releases.
    for (const path of ['/', '/news']) {
      // One Host for the three: supertest serves each request on a port of its own, and the page's
      // canonical URL names the origin it was asked on.
      const page = await request(server).get(path).set('Host', 'party.example').expect(200);
      await request(server).get(path).set('Host', 'party.example').set('If-None-Match', page.headers.etag!).expect(304);
      await request(server).get(path).set('Host', 'party.example').set('If-None-Match', '"something-else"').expect(200);
    }
  });

  it('serves a remote: its manifest never cached and open to other origins, its chunks immutable', async () => {
    const manifest = await request(await app())
      .get('/remotes/mf-content/mf-manifest.json')
      .expect(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const chunk = await request(await app())
      .get('/remotes/mf-content/static/js/async/__federation_expose_Home.9f8e7d.js')
      .expect(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404, never the HTML page, for a missing asset', async () => {
    for (const asset of [
      '/static/js/missing.1234.js',
      '/favicon.ico',
      '/remotes/mf-content/static/js/gone.js',
      '/remotes/mf-nope/mf-manifest.json',
    ]) {
      const response = await request(await app())
        .get(asset)
        .expect(404);
      expect(response.headers['content-type']).not.toMatch(/html/);
    }
  });

  it('sends /index.html, the pages’ skeleton, to the site’s front page', async () => {
    const response = await request(await app())
      .get('/index.html')
      .expect(301);
    expect(response.headers.location).toBe('/');
  });

  it('does not serve files outside the site folders', async () => {
    for (const attempt of [
      '/remotes/mf-content/..%2f..%2fshell/dist/index.html',
      '/static/..%2f..%2f..%2fpackage.json',
    ]) {
      const response = await request(await app()).get(attempt);
      expect([403, 404]).toContain(response.status);
      expect(response.text).not.toContain('<div id="root">');
    }
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await request(await app())
      .get('/api/nothing-here')
      .expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message: 'No endpoint GET /api/nothing-here' });
  });

  it('answer a JSON 404 in API-only mode too', async () => {
    const response = await request(await app(test.db, { SERVE_SITE: 'false' }))
      .get('/about')
      .expect(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});

describe('what operators see', () => {
  it('GET /metrics, on the internal listener only, counts requests and their latency by route pattern, method and status', async () => {
    const composedGateway = await gateway();
    const server = composedGateway.app.callback();
    await request(server).get('/api/health').expect(200);
    await request(server).get('/news/some-article').expect(200);
    await request(server).get('/static/js/missing.1234.js').expect(404);
    expect((await request(server).get('/metrics')).text).not.toContain('party_http_requests_total');
    const response = await request(composedGateway.metricsApp.callback()).get('/metrics').expect(200);

    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('party_http_requests_total{route="/api/health",method="GET",status="200"} 1');
    expect(response.text).toContain('party_http_requests_total{route="site-page",method="GET",status="200"} 1');
    // The missing file, and /metrics, which the public listener does not have.
    expect(response.text).toContain('party_http_requests_total{route="not-found",method="GET",status="404"} 2');
    expect(response.text).toMatch(
      /party_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1/,
    );
    expect(response.text).not.toContain('some-article');
    // The page load, by the remote whose route it is and the version that composed it.
    expect(response.text).toContain('party_page_loads_total{remote="mf-content",version="configured"} 1');
    expect(response.text).toContain('party_registry_behind 0');
    expect(response.text).toContain('party_registry_unreadable 0');
  });

  it('GET /metrics tells how the outbox is doing: what waits, for how long, and what failed', async () => {
    const db = await openTestDatabase('pglite');
    try {
      await migrate(db.db);
      const metricsApp = (await gateway(db.db)).metricsApp.callback();
      expect((await request(metricsApp).get('/metrics')).text).toMatch(
        /party_outbox_pending 0\n[\s\S]*party_outbox_oldest_pending_seconds 0\n[\s\S]*party_outbox_failed 0\n/,
      );
      await db.db.query(
        `INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body, status, created_at)
         VALUES ('contact-message', 'a@example.org', 's', 't', 'h', 'pending', now() - interval '90 seconds'),
                ('contact-message', 'b@example.org', 's', 't', 'h', 'sending', now()),
                ('contact-message', 'c@example.org', 's', 't', 'h', 'failed', now() - interval '1 day'),
                ('contact-message', 'd@example.org', 's', 't', 'h', 'sent', now() - interval '2 days')`,
      );
      const text = (await request(metricsApp).get('/metrics')).text;
      expect(text).toContain('party_outbox_pending 2\n');
      expect(Number(/^party_outbox_oldest_pending_seconds (\S+)$/m.exec(text)![1])).toBeGreaterThanOrEqual(90);
      expect(text).toContain('party_outbox_failed 1\n');
    } finally {
      await db.dispose();
    }
  });

  it('counts and logs a remote that failed to load, as the shell reports it, and nothing a client makes up', async () => {
    const composedGateway = await gateway();
    const server = composedGateway.app.callback();
    // The token a page gets with its registry, for reports about that release.
    const { reportToken } = (await request(server).get('/remotes.json').expect(200)).body.remotes['mf-donate'];
    const report = {
      remote: 'mf-donate',
      version: 'configured',
      code: 'RUNTIME-008',
      route: '/donate',
      token: reportToken,
    };
    await request(server).post('/api/remote-failures').send(report).expect(204);
    await request(server).post('/api/remote-failures').send(report).expect(204);
    // A route no active release serves (a made-up page, a visited URL) is refused like any invention.
    for (const invented of [
      { route: '/donate?email=me@example.org' },
      { route: '/donate/my-receipt' },
      { version: '9.9.9+made-up' },
      { code: 'RUNTIME-0001' },
      { code: 'ANYTHING' },
    ]) {
      await request(server)
        .post('/api/remote-failures')
        .send({ ...report, ...invented })
        .expect(400);
    }
    for (const forged of [{ token: undefined }, { token: 'x'.repeat(32) }, { remote: 'mf-content' }]) {
      await request(server)
        .post('/api/remote-failures')
        .send({ ...report, ...forged })
        .expect(403);
    }

    const text = await scrape(composedGateway);
    expect(text).toContain(
      'party_remote_load_failures_total{remote="mf-donate",version="configured",code="RUNTIME-008"} 2',
    );
    expect(text.match(/party_remote_load_failures_total\{/g)).toHaveLength(1);
  });
});

/**
 * A database of its own with mf-content releases published in a store folder (their files, with
 * their digests), the first of `versions` active.
 */
async function contentReleases(...versions: string[]) {
  const releases = await openTestDatabase('pglite');
  await migrate(releases.db);
  const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'releases-'));
  for (const version of versions) {
    await writeFiles(storeDir, { [`mf-content/${version}/mf-manifest.json`]: '{"name":"mf-content"}' });
    const files = await fileDigests(path.join(storeDir, 'mf-content', version));
    await recordRelease(releases.db, {
      remote: 'mf-content',
      version,
      entry: `/releases/mf-content/${version}/mf-manifest.json`,
      files,
      digest: releaseDigest(files),
      routes: testRoutes['mf-content'],
      by: 'test',
      reason: 'test',
    });
  }
  await activateRelease(releases.db, { remote: 'mf-content', version: versions[0]!, by: 'test', reason: 'test' });
  return { releases, storeDir };
}

describe('a running canary', () => {
  /** The cookie of `name` that `response` set: `name=value`. */
  const cookieSet = (response: request.Response, name: string) =>
    ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${name}=`))
      ?.split(';')[0];

  /**
   * A visitor the site put on `side` of a 50% canary: its cohort cookie. The site draws cohorts and
   * seals them, so a visitor is asked for again until one lands on that side.
   */
  async function visitorOn(server: Parameters<typeof request>[0], side: 'canary' | 'active'): Promise<string> {
    for (let draw = 0; draw < 64; draw += 1) {
      const page = await request(server).get('/news').expect(200);
      if (String(page.headers['site-releases']).includes(' canary') === (side === 'canary'))
        return cookieSet(page, '__Host-party_cohort')!;
    }
    throw new Error(`no visitor drawn on the ${side} side in 64 draws`);
  }

  /**
   * The site with 1.1.0+b a canary of mf-content for half its visitors, behind a trusted proxy; a
   * visitor of that half, and the report token its pages carry.
   */
  async function canaryForHalf(
    { releases, storeDir }: Awaited<ReturnType<typeof contentReleases>>,
    env: Record<string, string> = {},
  ) {
    await startCanary(releases.db, {
      remote: 'mf-content',
      version: '1.1.0+b',
      percent: 50,
      by: 'test',
      reason: 'test',
    });
    const server = await app(releases.db, { RELEASE_STORE_DIR: storeDir, TRUST_PROXY: 'loopback', ...env });
    const canaryVisitor = await visitorOn(server, 'canary');
    const { reportToken } = (await request(server).get('/remotes.json').set('Cookie', canaryVisitor).expect(200)).body
      .remotes['mf-content'];
    return { server, canaryVisitor, reportToken: reportToken as string };
  }

  it('counts a failure only with the token of a page load it served: once per load and once per client', async () => {
    const site = await contentReleases('1.0.0+a', '1.1.0+b');
    const { releases } = site;
    try {
      const { server, canaryVisitor, reportToken } = await canaryForHalf(site, { FORM_RATE_LIMIT: '1000' });
      const activeVisitor = await visitorOn(server, 'active');
      const report = {
        remote: 'mf-content',
        version: '1.1.0+b',
        code: 'RUNTIME-008',
        route: '/news',
        token: reportToken,
      };
      const failures = async () =>
        (
          await releases.db.query<{ n: string }>(
            `SELECT coalesce(sum(failures), 0)::text AS n FROM canary_counts WHERE version = '1.1.0+b'`,
          )
        ).rows[0]!.n;

      // A flood with the registry's token alone: logged and counted in the metrics, never in the verdict.
      for (let flood = 0; flood < 30; flood += 1)
        await request(server)
          .post('/api/remote-failures')
          .set('X-Forwarded-For', `198.51.100.${flood}`)
          .send(report)
          .expect(204);
      expect(await failures()).toBe('0');

      // One page load's token: counted once however often it is sent, and once for its client.
      const pageLoadOf = async () => {
        const page = await request(server).get('/news').set('Cookie', canaryVisitor).expect(200);
        const cookie = ([] as string[])
          .concat(page.headers['set-cookie'] ?? [])
          .find((line) => line.startsWith('__Host-party_page_load='));
        expect(cookie).toMatch(/; path=\/; expires=[^;]+; samesite=strict; secure; httponly$/);
        return cookie!.split(';')[0]!;
      };
      const load = await pageLoadOf();
      for (let flood = 0; flood < 30; flood += 1) {
        await request(server)
          .post('/api/remote-failures')
          .set('Cookie', load)
          .set('X-Forwarded-For', `203.0.113.${flood}`)
          .send(report)
          .expect(204);
      }
      for (let flood = 0; flood < 30; flood += 1) {
        await request(server)
          .post('/api/remote-failures')
          .set('Cookie', await pageLoadOf())
          .set('X-Forwarded-For', '203.0.113.200')
          .send(report)
          .expect(204);
      }
      expect(await failures()).toBe('2');
      // A token for the active release's load does not count for the canary's.
      const activeLoad = (await request(server).get('/news').set('Cookie', activeVisitor)).headers['set-cookie'];
      await request(server)
        .post('/api/remote-failures')
        .set('Cookie', String(activeLoad).split(';')[0]!)
        .set('X-Forwarded-For', '203.0.113.201')
        .send(report)
        .expect(204);
      expect(await failures()).toBe('2');
      expect(await activeCanaries(releases.db)).toHaveProperty('mf-content');

      // Each page names the releases that composed it for its visitor.
      const served = async (visitor: string) =>
        (await request(server).get('/news').set('Cookie', visitor).expect(200)).headers['site-releases'];
      expect(await served(canaryVisitor)).toBe(
        'shell@configured, mf-content@1.1.0+b canary, mf-donate@configured, mf-engagement@configured',
      );
      // A cohort the site did not seal is not taken: the visitor is drawn one.
      const chosen = await request(server).get('/news').set('Cookie', '__Host-party_cohort=1; party_cohort=1');
      expect(cookieSet(chosen, '__Host-party_cohort')).toMatch(/^__Host-party_cohort=[\w-]+\.[\w-]+$/);
      expect(await served(activeVisitor)).toBe(
        'shell@configured, mf-content@1.0.0+a, mf-donate@configured, mf-engagement@configured',
      );
    } finally {
      await closeOpened();
      await releases.dispose();
    }
  });

  it('stays when 20 page loads and 5 forged reports come from 5 addresses', async () => {
    const site = await contentReleases('1.0.0+a', '1.1.0+b');
    const { releases } = site;
    try {
      const { server, canaryVisitor: visitor, reportToken } = await canaryForHalf(site);
      // Five addresses, four page loads each; IPv6 ones from one /64 each, a new address every load.
      const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '2001:db8:1:1::', '2001:db8:1:2::'];
      const tokens: string[] = [];
      for (let load = 0; load < 20; load += 1) {
        const address = addresses[load % 5]!;
        const page = await request(server)
          .get('/news')
          .set('Cookie', visitor)
          .set('X-Forwarded-For', address.endsWith('::') ? `${address}${load + 1}` : address)
          .expect(200);
        tokens.push(cookieSet(page, '__Host-party_page_load')!);
      }
      for (const [index, address] of addresses.entries())
        await request(server)
          .post('/api/remote-failures')
          .set('Cookie', tokens[index]!)
          .set('X-Forwarded-For', address.endsWith('::') ? `${address}${index + 1}` : address)
          .send({ remote: 'mf-content', version: '1.1.0+b', code: 'RUNTIME-008', route: '/news', token: reportToken })
          .expect(204);
      expect(await activeCanaries(releases.db)).toHaveProperty('mf-content');
      const { rows } = await releases.db.query<{ loads: string; failures: string }>(
        `SELECT loads::text, failures::text FROM canary_counts WHERE version = '1.1.0+b'`,
      );
      // The visitor drawn from the test's own address, and the five.
      expect(rows).toEqual([{ loads: '6', failures: '5' }]);
    } finally {
      await closeOpened();
      await releases.dispose();
    }
  });
});

describe('a release preview', () => {
  const ORIGIN = 'https://party.example';

  it('shows a published release to the browser that opened its link alone, never cached, counted nowhere, until it leaves', async () => {
    const { releases, storeDir } = await contentReleases('1.0.0+a', '2.0.0+p');
    try {
      const composed = await gateway(releases.db, { RELEASE_STORE_DIR: storeDir, PUBLIC_ORIGIN: ORIGIN });
      const site = composed.app;
      const server = site.callback();
      const { secret } = await createAdminToken(releases.db, 'content team', 'mf-content');
      const admin = (remote: string, body: object) =>
        request(server)
          .post(`/api/admin/releases/${remote}/previews`)
          .set('Authorization', `Bearer ${secret}`)
          .send(body);

      // A team's token mints links for its own remote's published releases only.
      await admin('mf-donate', { version: '2.0.0+p' }).expect(403);
      await admin('mf-content', { version: '9.9.9' }).expect(404, {
        message: 'mf-content has no published version "9.9.9".',
      });
      const minted = await admin('mf-content', { version: '2.0.0+p', hours: 2 }).expect(201);
      expect(Date.parse(minted.body.expiresAt) - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
      const link = new URL(minted.body.url as string);
      expect(link.origin).toBe(ORIGIN);

      // Opening the link pins this browser, and lands on the release's first page.
      const opened = await request(server).get(link.pathname).expect(303);
      expect(opened.headers.location).toBe('/');
      const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(/^__Host-party_preview=/);
      expect(String(opened.headers['set-cookie'])).toMatch(/httponly/i);

      const registryOf = (html: string) =>
        JSON.parse(/<script id="party-registry" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
          remotes: Record<string, { version: string; preview?: true }>;
        };
      const previewed = await request(server).get('/news').set('Cookie', cookie).expect(200);
      expect(previewed.headers['site-releases']).toBe(
        'shell@configured, mf-content@2.0.0+p preview, mf-donate@configured, mf-engagement@configured',
      );
      expect(previewed.headers['cache-control']).toBe('no-store');
      expect(registryOf(previewed.text).remotes['mf-content']).toMatchObject({ version: '2.0.0+p', preview: true });
      const registryDocument = await request(server).get('/remotes.json').set('Cookie', cookie).expect(200);
      expect(registryDocument.body.remotes['mf-content']).toMatchObject({ version: '2.0.0+p', preview: true });
      expect(registryDocument.body.remotes['mf-content'].reportToken).toBeUndefined();

      // Everyone else gets the active release, from the shared cache.
      const other = await request(server).get('/news').expect(200);
      expect(other.headers['site-releases']).toContain('mf-content@1.0.0+a,');
      expect(other.headers['cache-control']).toBe('no-cache');
      expect(registryOf(other.text).remotes['mf-content']).not.toHaveProperty('preview');
      expect(await scrape(composed)).not.toContain('version="2.0.0+p"');

      // A link the site did not sign opens nothing.
      const forged = `${link.pathname.slice(0, -4)}AAAA`;
      expect((await request(server).get(forged).expect(404)).headers['set-cookie']).toBeUndefined();

      // Leaving, from the banner's form: back to the same page, with the active releases.
      const left = await request(server)
        .post('/api/previews/leave')
        .set('Cookie', cookie)
        .set('Origin', ORIGIN)
        .set('Referer', `${ORIGIN}/news?q=evidence`)
        .expect(303);
      expect(left.headers.location).toBe('/news?q=evidence');
      expect(String(left.headers['set-cookie'])).toMatch(/^__Host-party_preview=;.*expires=Thu, 01 Jan 1970/);
      await request(server).post('/api/previews/leave').set('Origin', 'https://elsewhere.example').expect(403);
    } finally {
      await closeOpened();
      await releases.dispose();
    }
  });
});

describe('published releases', () => {
  it('the registry serves the active release of a remote, and the release store serves its files', async () => {
    const releases = await openTestDatabase('pglite');
    try {
      await migrate(releases.db);
      const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'releases-'));
      await writeFiles(storeDir, {
        'mf-donate/1.2.0+abcdef1/mf-manifest.json': '{"name":"mf-donate"}',
        'mf-donate/1.2.0+abcdef1/static/js/mf-donate.1a2b3c.js': 'export{}',
      });
      const entry = '/releases/mf-donate/1.2.0+abcdef1/mf-manifest.json';
      const files = await fileDigests(path.join(storeDir, 'mf-donate/1.2.0+abcdef1'));
      await recordRelease(releases.db, {
        remote: 'mf-donate',
        version: '1.2.0+abcdef1',
        entry,
        files,
        digest: releaseDigest(files),
        routes: testRoutes['mf-donate'],
        by: 'test',
        reason: 'test',
      });
      await activateRelease(releases.db, { remote: 'mf-donate', version: '1.2.0+abcdef1', by: 'test', reason: 'test' });
      const server = await app(releases.db, { RELEASE_STORE_DIR: storeDir });

      const registry = await request(server).get('/remotes.json').expect(200);
      expect(registry.body.remotes['mf-donate']).toEqual({
        entry,
        version: '1.2.0+abcdef1',
        digest: releaseDigest(files),
        reportToken: expect.any(String),
        routes: testRoutes['mf-donate'],
      });
      // The configured build with the routes it declares.
      expect(registry.body.remotes['mf-content']).toEqual({
        entry: '/remotes/mf-content/mf-manifest.json',
        version: 'configured',
        reportToken: expect.any(String),
        routes: testRoutes['mf-content'],
      });
      expect((await request(server).get('/api/health')).body.remotes['mf-donate']).toBe('1.2.0+abcdef1');

      const manifest = await request(server).get(entry).expect(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['access-control-allow-origin']).toBe('*');
      const chunk = await request(server)
        .get('/releases/mf-donate/1.2.0+abcdef1/static/js/mf-donate.1a2b3c.js')
        .expect(200);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
      await request(server).get('/releases/mf-donate/0.0.0/mf-manifest.json').expect(404);

      // Files that are not what was published are never served: changed, added, or a variant.
      await fs.writeFile(
        path.join(storeDir, 'mf-donate/1.2.0+abcdef1/static/js/mf-donate.1a2b3c.js'),
        'alert("tampered")',
      );
      await request(server).get('/releases/mf-donate/1.2.0+abcdef1/static/js/mf-donate.1a2b3c.js').expect(404);
      await fs.writeFile(path.join(storeDir, 'mf-donate/1.2.0+abcdef1/static/js/extra.js'), 'alert("added")');
      await request(server).get('/releases/mf-donate/1.2.0+abcdef1/static/js/extra.js').expect(404);
      await fs.writeFile(
        path.join(storeDir, 'mf-donate/1.2.0+abcdef1/mf-manifest.json.br'),
        zlib.brotliCompressSync('{"name":"evil"}'),
      );
      await request(server).get(entry).set('Accept-Encoding', 'br').expect(404);
      await request(server).get('/releases/mf-nope/1.2.0+abcdef1/mf-manifest.json').expect(404);
    } finally {
      await closeOpened();
      await releases.dispose();
    }
  });
});
