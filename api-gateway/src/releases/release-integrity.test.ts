import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileDigests, fileVerifier, releaseDigest, releaseProblems } from './release-integrity.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'));
  await fs.mkdir(path.join(dir, 'static/js'), { recursive: true });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), '{"name":"mf-donate"}');
  await fs.writeFile(path.join(dir, 'static/js/page.1a2b.js'), 'export{}');
});

it('records every file with its SHA-256, and one digest that changes with any of them', async () => {
  const files = await fileDigests(dir);
  expect(Object.keys(files)).toEqual(['mf-manifest.json', 'static/js/page.1a2b.js']);
  expect(files['static/js/page.1a2b.js']).toMatch(/^[0-9a-f]{64}$/);
  const digest = releaseDigest(files);
  expect(digest).toMatch(/^sha256-[\w-]{43}$/);
  expect(releaseDigest({ ...files })).toBe(digest);
  await fs.writeFile(path.join(dir, 'static/js/page.1a2b.js'), 'export{};');
  expect(releaseDigest(await fileDigests(dir))).not.toBe(digest);
});

it('names missing and changed files', async () => {
  const files = await fileDigests(dir);
  expect(await releaseProblems(dir, files)).toEqual([]);
  await fs.rm(path.join(dir, 'mf-manifest.json'));
  await fs.writeFile(path.join(dir, 'static/js/page.1a2b.js'), 'alert(1)');
  expect(await releaseProblems(dir, files)).toEqual([
    'mf-manifest.json is missing',
    'static/js/page.1a2b.js differs from what was published',
  ]);
});

it('serves only published, unchanged files, and notices a file changed after it was first served', async () => {
  const files = await fileDigests(dir);
  let reads = 0;
  const isPublished = fileVerifier(async (remote) => {
    reads += 1;
    return remote === 'mf-donate' ? files : null;
  });
  const check = (file: string) => isPublished(dir, 'mf-donate', '1.0.0', file);

  expect(await check('static/js/page.1a2b.js')).toBe(true);
  expect(await check('static/js/page.1a2b.js')).toBe(true);
  expect(reads).toBe(1);
  expect(await check('static/js/unknown.js')).toBe(false);
  expect(await isPublished(dir, 'mf-content', '1.0.0', 'mf-manifest.json')).toBe(false);

  await fs.writeFile(path.join(dir, 'static/js/page.1a2b.js'), 'alert("tampered")');
  expect(await check('static/js/page.1a2b.js')).toBe(false);
});
