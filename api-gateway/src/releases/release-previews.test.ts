import { Router } from '@koa/router';
import Koa from 'koa';
import request from 'supertest';
import { migrate } from '../platform/db/migrate.js';
import { createLogger } from '../platform/logger.js';
import type { BrowserPostGuards } from '../platform/index.js';
import { configuredSiteOrigin } from '../platform/site-origin.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { testRoutes } from '../testing/configured-routes.js';
import { recordRelease } from './release-registry.js';
import { releasePreviews } from './release-previews.js';

const HOUR_MS = 3_600_000;
let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  await recordRelease(test.db, {
    remote: 'mf-donate',
    version: '2.0.0',
    entry: '/releases/mf-donate/2.0.0/mf-manifest.json',
    routes: testRoutes['mf-donate'],
    by: 'test',
    reason: 'test',
  });
});
afterAll(() => test.dispose());

/** Previews on a clock the test moves, behind a bare router (the page side is in app.test.ts). */
function previewSite({ storeDown = false } = {}) {
  const clock = { now: Date.parse('2026-11-27T12:00:00Z') };
  const fetched: string[] = [];
  const previews = releasePreviews({
    db: test.db,
    cache: {
      dir: '',
      fetch: async (frontEnd, version) => {
        if (storeDown) throw new Error('the release store does not answer');
        fetched.push(`${frontEnd}@${version}`);
        return '';
      },
    },
    secret: 'a secret of the site',
    siteOrigin: configuredSiteOrigin({
      publicOrigin: 'https://party.example',
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: [],
    }),
    logger: createLogger({ logLevel: 'silent' }),
    clock: () => clock.now,
  });
  const router = new Router();
  previews.routes(router, Object.assign(() => [], { attemptsOf: () => () => undefined }) as BrowserPostGuards);
  router.get('/whose', async (ctx) => {
    const preview = await previews.of(ctx);
    ctx.body = preview ? `${preview.remote}@${preview.release.version}` : 'active';
  });
  const app = new Koa().use(router.routes());
  return { previews, clock, fetched, server: app.callback() };
}

describe('release previews', () => {
  it('pin the browser that opens the link to the release until the link’s hours are over, and land on its first page', async () => {
    const { previews, clock, fetched, server } = previewSite();
    const { url, expiresAt } = await previews.mint('mf-donate', '2.0.0', 'tess@party.example', 3);
    expect(expiresAt).toBe('2026-11-27T15:00:00.000Z');
    const opened = await request(server).get(new URL(url).pathname).expect(303);
    expect(opened.headers.location).toBe('/donate');
    expect(fetched).toEqual(['mf-donate@2.0.0']);
    const setCookie = String(opened.headers['set-cookie']);
    // The cookie lasts as long as the link has left, and is the site's alone.
    expect(setCookie).toContain('expires=Fri, 27 Nov 2026 15:00:00 GMT');
    expect(setCookie).toMatch(/samesite=lax/i);
    const cookie = setCookie.split(';')[0]!;
    expect((await request(server).get('/whose').set('Cookie', cookie)).text).toBe('mf-donate@2.0.0');
    expect((await request(server).get('/whose')).text).toBe('active');

    clock.now += 3 * HOUR_MS;
    expect((await request(server).get('/whose').set('Cookie', cookie)).text).toBe('active');
    const late = await request(server).get(new URL(url).pathname).expect(410);
    expect(late.type).toBe('text/html');
    expect(late.text).toContain('<h1>This preview link has expired</h1><p>It showed mf-donate 2.0.0.');
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('last a day at most, are listed while they work, and stop working in every browser once revoked', async () => {
    const { previews, clock, server } = previewSite();
    const { url, expiresAt } = await previews.mint('mf-donate', '2.0.0', 'rita@party.example', 24 * 7);
    expect(expiresAt).toBe('2026-11-28T12:00:00.000Z');
    const cookie = String((await request(server).get(new URL(url).pathname).expect(303)).headers['set-cookie']).split(
      ';',
    )[0]!;
    const [listed] = (await previews.open()).filter((link) => link.madeBy === 'rita@party.example');
    expect(listed).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      remote: 'mf-donate',
      version: '2.0.0',
      madeBy: 'rita@party.example',
      madeAt: '2026-11-27T12:00:00.000Z',
      expiresAt,
    });

    expect(await previews.revoke(listed!.id, 'admin@party.example')).toBe(true);
    expect(await previews.revoke(listed!.id, 'admin@party.example')).toBe(false);
    expect((await previews.open()).map((link) => link.id)).not.toContain(listed!.id);
    expect((await request(server).get('/whose').set('Cookie', cookie)).text).toBe('active');
    const withdrawn = await request(server).get(new URL(url).pathname).expect(410);
    expect(withdrawn.text).toContain('<h1>This preview link was withdrawn</h1>');
    const { rows } = await test.db.query('SELECT revoked_by FROM release_previews WHERE id = $1', [listed!.id]);
    expect(rows).toEqual([{ revoked_by: 'admin@party.example' }]);

    clock.now += 24 * HOUR_MS;
    expect(await previews.revoke('not-an-id', 'admin@party.example')).toBe(false);
  });

  it('open only what the site signed, for releases it has published', async () => {
    const { previews, server } = previewSite();
    await expect(previews.mint('mf-donate', '3.0.0', 'tess@party.example')).rejects.toThrow(
      'mf-donate has no published version "3.0.0".',
    );
    // Once it is published, it can be previewed: a release not found is not remembered as missing.
    await recordRelease(test.db, {
      remote: 'mf-donate',
      version: '3.0.0',
      entry: '/releases/mf-donate/3.0.0/mf-manifest.json',
      routes: [],
      by: 'test',
      reason: 'test',
    });
    await expect(previews.mint('mf-donate', '3.0.0', 'tess@party.example')).resolves.toMatchObject({
      url: expect.any(String),
    });
    const other = releasePreviews({
      db: test.db,
      cache: { dir: '', fetch: async () => '' },
      secret: 'another site’s secret',
      siteOrigin: configuredSiteOrigin({
        publicOrigin: 'https://elsewhere.example',
        host: '127.0.0.1',
        port: 0,
        allowedOrigins: [],
      }),
      logger: createLogger({ logLevel: 'silent' }),
    });
    const foreign = new URL((await other.mint('mf-donate', '2.0.0', 'tess@party.example')).url).pathname;
    expect((await request(server).get(foreign).expect(404)).text).toContain('This preview link does not work');
    await request(server).get('/api/previews/not-a-token').expect(404);
    await expect(previews.mint('mf-nothing', '1.0.0', 'tess@party.example')).rejects.toMatchObject({ status: 404 });
    const cookie = `__Host-party_preview=${foreign.split('/').pop()}`;
    expect((await request(server).get('/whose').set('Cookie', cookie)).text).toBe('active');
  });

  it('show a published shell too, landing on the home page', async () => {
    await recordRelease(test.db, {
      remote: 'shell',
      version: '4.0.0',
      entry: '/releases/shell/4.0.0/index.html',
      routes: [],
      by: 'test',
      reason: 'test',
    });
    const { previews, server } = previewSite();
    const opened = await request(server)
      .get(new URL((await previews.mint('shell', '4.0.0', 'tess@party.example')).url).pathname)
      .expect(303);
    expect(opened.headers.location).toBe('/');
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect((await request(server).get('/whose').set('Cookie', cookie)).text).toBe('shell@4.0.0');
  });

  it('say so in a page when the release store cannot give the release, and set no cookie', async () => {
    const { previews } = previewSite();
    const { url } = await previews.mint('mf-donate', '2.0.0', 'tess@party.example');
    const down = await request(previewSite({ storeDown: true }).server)
      .get(new URL(url).pathname)
      .expect(503);
    expect(down.text).toContain('This preview cannot be shown just now');
    expect(down.headers['set-cookie']).toBeUndefined();
  });
});
