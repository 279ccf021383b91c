import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../platform/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { createLogger } from '../platform/logger.js';
import { releaseCache, storeReleaseContents } from './release-cache.js';
import { fileDigests, releaseDigest, sha256 } from './release-integrity.js';
import { recordRelease, releaseFiles } from './release-registry.js';
import { serverBuildAsPublished, storedAsPublished } from './release-store-check.js';

let test: TestDatabase;
let dir: string;

beforeEach(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'));
  await fs.mkdir(path.join(dir, 'server'), { recursive: true });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), '{"name":"mf-content"}');
  await fs.writeFile(path.join(dir, 'routes.json'), '[{"path":"/","page":"Home"}]');
  await fs.writeFile(path.join(dir, 'server', 'server.mjs'), 'export const bundle = {};');
  const files = await fileDigests(dir);
  await recordRelease(test.db, {
    remote: 'mf-content',
    version: '1.0.0',
    entry: '/releases/mf-content/1.0.0/mf-manifest.json',
    files,
    digest: releaseDigest(files),
    by: 'ci',
    reason: 'build',
  });
});
afterEach(async () => {
  await test.dispose();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('serverBuildAsPublished', () => {
  it('passes the server build as published, and nothing else', async () => {
    const intact = serverBuildAsPublished(test.db);
    expect(await intact('mf-content', '1.0.0', dir)).toBe(true);
    // A browser file changed is the file server's business, not the renderer's.
    await fs.writeFile(path.join(dir, 'mf-manifest.json'), '{}');
    expect(await intact('mf-content', '1.0.0', dir)).toBe(true);

    await fs.writeFile(path.join(dir, 'server', 'server.mjs'), 'process.exit(1);');
    expect(await intact('mf-content', '1.0.0', dir)).toBe(false);
    expect(await intact('mf-content', '9.9.9', dir)).toBe(false);
  });
});

describe('storedAsPublished', () => {
  const logger = createLogger({ logLevel: 'silent' });

  it("fetches the release whole from the shared store into this instance's cache, and refuses one the store cannot give as published", async () => {
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-cache-'));
    try {
      const files = await releaseFiles(test.db, 'mf-content', '1.0.0');
      const check = storedAsPublished({ cache: releaseCache(test.db, cacheDir, logger), baseUrl: '/releases' });
      // Recorded, but its contents never reached the store.
      await expect(check('mf-content', '1.0.0', files, test.db)).rejects.toThrow(
        'Refused: mf-content 1.0.0 in the release store is not what was published: routes.json is missing; mf-manifest.json is missing; server/server.mjs is missing. Nothing was switched.',
      );
      await expect(fs.stat(path.join(cacheDir, 'mf-content', '1.0.0'))).rejects.toThrow();

      await storeReleaseContents(test.db, dir, files!);
      const changed = sha256('{"name":"mf-content"}');
      await test.db.query("UPDATE release_contents SET content = convert_to('{}', 'UTF8') WHERE digest = $1", [
        changed,
      ]);
      await expect(check('mf-content', '1.0.0', files, test.db)).rejects.toThrow(
        'mf-manifest.json differs from what was published',
      );

      await test.db.query('UPDATE release_contents SET content = $2 WHERE digest = $1', [
        changed,
        Buffer.from('{"name":"mf-content"}'),
      ]);
      await expect(check('mf-content', '1.0.0', files, test.db)).resolves.toBeUndefined();
      await expect(
        fs.readFile(path.join(cacheDir, 'mf-content', '1.0.0', 'server', 'server.mjs'), 'utf8'),
      ).resolves.toBe('export const bundle = {};');
      expect(await fs.readdir(path.join(cacheDir, '.incoming'))).toEqual([]);
    } finally {
      await fs.rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('replaces a changed copy in the cache with the one published', async () => {
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-cache-'));
    try {
      const files = await releaseFiles(test.db, 'mf-content', '1.0.0');
      await storeReleaseContents(test.db, dir, files!);
      await fs.cp(dir, path.join(cacheDir, 'mf-content', '1.0.0'), { recursive: true });
      await fs.writeFile(path.join(cacheDir, 'mf-content', '1.0.0', 'server', 'server.mjs'), 'process.exit(1);');
      await storedAsPublished({ cache: releaseCache(test.db, cacheDir, logger), baseUrl: '/releases' })(
        'mf-content',
        '1.0.0',
        files,
        test.db,
      );
      await expect(
        fs.readFile(path.join(cacheDir, 'mf-content', '1.0.0', 'server', 'server.mjs'), 'utf8'),
      ).resolves.toBe('export const bundle = {};');
    } finally {
      await fs.rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('where browsers fetch releases from another origin, switches only to a release whose manifest that origin serves as published', async () => {
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-cache-'));
    const files = await releaseFiles(test.db, 'mf-content', '1.0.0');
    await storeReleaseContents(test.db, dir, files!);
    let served: { status: number; body: string } = { status: 200, body: '{"name":"mf-content"}' };
    const cdn = http.createServer((request, response) =>
      response.writeHead(request.url === '/mf-content/1.0.0/mf-manifest.json' ? served.status : 404).end(served.body),
    );
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const { port } = cdn.address() as { port: number };
    const check = storedAsPublished({
      cache: releaseCache(test.db, cacheDir, logger),
      baseUrl: `http://127.0.0.1:${port}`,
    });
    try {
      await expect(check('mf-content', '1.0.0', files, test.db)).resolves.toBeUndefined();
      served = { status: 404, body: '' };
      await expect(check('mf-content', '1.0.0', files, test.db)).rejects.toThrow(
        `Refused: mf-content 1.0.0 is not served where browsers fetch it (http://127.0.0.1:${port}/mf-content/1.0.0/mf-manifest.json): it answers 404. Nothing was switched.`,
      );
      served = { status: 200, body: '{"name":"mf-content","version":"other"}' };
      await expect(check('mf-content', '1.0.0', files, test.db)).rejects.toThrow('it serves another mf-manifest.json');
    } finally {
      cdn.closeAllConnections();
      await new Promise((resolve) => cdn.close(resolve));
      await fs.rm(cacheDir, { recursive: true, force: true });
    }
  });
});
