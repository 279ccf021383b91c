import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import request from 'supertest';
import { hashedAssetMemory, type HashedAssetMemory } from './hashed-asset-memory.js';
import { serveSite } from './serve-site.js';

const ASSET = '/static/js/index.0a1b2c3d.js';
const VARIANTS = [
  { accept: 'br, gzip', encoding: 'br', text: 'console.log("from the .br file")' },
  { accept: 'gzip', encoding: 'gzip', text: 'console.log("from the .gz file")' },
  { accept: 'identity', encoding: undefined, text: 'console.log("shell")' },
];

let shellDir: string;

beforeEach(async () => {
  shellDir = await fs.mkdtemp(path.join(os.tmpdir(), 'serve-site-'));
  await fs.mkdir(path.join(shellDir, 'static/js'), { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>first</title>');
  await fs.writeFile(path.join(shellDir, ASSET), 'console.log("shell")');
  await fs.writeFile(path.join(shellDir, `${ASSET}.br`), zlib.brotliCompressSync('console.log("from the .br file")'));
  await fs.writeFile(path.join(shellDir, `${ASSET}.gz`), zlib.gzipSync('console.log("from the .gz file")'));
});
afterEach(() => fs.rm(shellDir, { recursive: true, force: true }));

/** The site served with `memory`, and a way to wait until it has kept what it was sent. */
function site(memory: HashedAssetMemory) {
  const keeping: Array<Promise<void>> = [];
  const watched: HashedAssetMemory = {
    answer: (...args) => memory.answer(...args),
    remember: (...args) => {
      const kept = memory.remember(...args);
      keeping.push(kept);
      return kept;
    },
  };
  const app = new Koa().use(serveSite({ shellDir, remoteDir: (remote) => path.join(shellDir, remote) }, watched));
  // supertest may close the socket before a file's stream has reported its end ("Premature close"):
  // the gateway logs that at debug level (app.ts); an error of the site's own fails the test by status.
  app.silent = true;
  return { server: app.callback(), kept: () => Promise.all(keeping.splice(0)) };
}

const ANSWER_HEADERS = [
  'content-type',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'content-length',
];
const headersOf = (response: request.Response) =>
  Object.fromEntries(ANSWER_HEADERS.map((name) => [name, response.headers[name]]));

describe('hashed assets in memory', () => {
  it('are answered from memory once sent, in each variant, as they were from disk', async () => {
    const { server, kept } = site(hashedAssetMemory(1024 * 1024));
    const fromDisk = [];
    for (const { accept } of VARIANTS)
      fromDisk.push(await request(server).get(ASSET).set('Accept-Encoding', accept).expect(200));
    await kept();
    await fs.rm(path.join(shellDir, 'static'), { recursive: true });

    for (const [index, { accept, encoding, text }] of VARIANTS.entries()) {
      const fromMemory = await request(server).get(ASSET).set('Accept-Encoding', accept).expect(200);
      expect(fromMemory.headers['content-encoding']).toBe(encoding);
      expect(fromMemory.text).toBe(text);
      expect(headersOf(fromMemory)).toEqual(headersOf(fromDisk[index]!));
      await request(server)
        .get(ASSET)
        .set('Accept-Encoding', accept)
        .set('If-None-Match', fromMemory.headers.etag!)
        .expect(304);
    }
  });

  it('are read from disk each time when no memory is given to them', async () => {
    const { server, kept } = site(hashedAssetMemory(0));
    await request(server).get(ASSET).expect(200);
    await kept();
    await fs.rm(path.join(shellDir, 'static'), { recursive: true });
    await request(server).get(ASSET).expect(404);
  });

  it('are not kept when larger than the memory', async () => {
    const { server, kept } = site(hashedAssetMemory(16));
    await request(server).get(ASSET).set('Accept-Encoding', 'identity').expect(200);
    await kept();
    await fs.rm(path.join(shellDir, 'static'), { recursive: true });
    await request(server).get(ASSET).set('Accept-Encoding', 'identity').expect(404);
  });

  it('drop the least recently sent first when the memory is full', async () => {
    // Room for the plain file (20 bytes) or the brotli one, not both.
    const { server, kept } = site(hashedAssetMemory(40));
    await request(server).get(ASSET).set('Accept-Encoding', 'identity').expect(200);
    await kept();
    await request(server).get(ASSET).set('Accept-Encoding', 'br').expect(200);
    await kept();
    await fs.rm(path.join(shellDir, 'static'), { recursive: true });
    await request(server).get(ASSET).set('Accept-Encoding', 'br').expect(200);
    await request(server).get(ASSET).set('Accept-Encoding', 'identity').expect(404);
  });

  it('leave files without a hash in their name to the disk', async () => {
    const { server, kept } = site(hashedAssetMemory(1024 * 1024));
    expect((await request(server).get('/').expect(200)).text).toContain('first');
    await kept();
    await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>second</title>');
    expect((await request(server).get('/').expect(200)).text).toContain('second');
  });
});
