import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-databases.js';
import { fileDigests, releaseDigest } from './release-integrity.js';
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
  await recordRelease(test.db, { remote: 'mf-content', version: '1.0.0', entry: '/releases/mf-content/1.0.0/mf-manifest.json', files, digest: releaseDigest(files), by: 'ci', reason: 'build' });
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

describe('storedAsPublished, where browsers fetch releases from another origin', () => {
  it('switches only to a release whose manifest that origin serves as published', async () => {
    const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-store-'));
    await fs.cp(dir, path.join(storeDir, 'mf-content', '1.0.0'), { recursive: true });
    const files = await releaseFiles(test.db, 'mf-content', '1.0.0');
    let served: { status: number; body: string } = { status: 200, body: '{"name":"mf-content"}' };
    const cdn = http.createServer((request, response) => response.writeHead(request.url === '/mf-content/1.0.0/mf-manifest.json' ? served.status : 404).end(served.body));
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const { port } = cdn.address() as { port: number };
    const check = storedAsPublished({ storeDir, baseUrl: `http://127.0.0.1:${port}` });
    try {
      await expect(check('mf-content', '1.0.0', files)).resolves.toBeUndefined();
      served = { status: 404, body: '' };
      await expect(check('mf-content', '1.0.0', files)).rejects.toThrow(`Refused: mf-content 1.0.0 is not served where browsers fetch it (http://127.0.0.1:${port}/mf-content/1.0.0/mf-manifest.json): it answers 404. Nothing was switched.`);
      served = { status: 200, body: '{"name":"mf-content","version":"other"}' };
      await expect(check('mf-content', '1.0.0', files)).rejects.toThrow('it serves another mf-manifest.json');
      // Where the gateway serves the store itself, the store is what is served.
      await expect(storedAsPublished({ storeDir, baseUrl: '/releases' })('mf-content', '1.0.0', files)).resolves.toBeUndefined();
    } finally {
      cdn.closeAllConnections();
      await new Promise((resolve) => cdn.close(resolve));
      await fs.rm(storeDir, { recursive: true, force: true });
    }
  });
});
