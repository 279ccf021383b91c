/** @jest-environment node */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { runReleaseCli } from './release-cli.js';

// `npx party-release` in a team's folder, against a stand-in for the gateway's admin API that
// records what it was asked and answers as the gateway does (its own tests hold the real one).

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  type: string | undefined;
  body: Buffer;
}

let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };
let server: http.Server;
let env: Record<string, string | undefined>;
let scratch: string;
let folder: string;
let lines: string[];

beforeEach(async () => {
  calls = [];
  lines = [];
  answer = () => ({ status: 200, body: {} });
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = {
        method: request.method!,
        path: request.url!,
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body: Buffer.concat(chunks),
      };
      calls.push(call);
      const { status, body } = answer(call);
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env = {
    PARTY_ADMIN_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PARTY_ADMIN_TOKEN: 'party_donate-team',
  };
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'party-release-'));
  folder = path.join(scratch, 'mf-donate');
  await fs.mkdir(folder);
  await fs.writeFile(path.join(folder, 'package.json'), JSON.stringify({ name: '@party/mf-donate', version: '0.3.0' }));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(scratch, { recursive: true, force: true });
});

const run = (...args: string[]) => runReleaseCli(args, folder, env, (line) => lines.push(line));
const json = (call: Call | undefined) => JSON.parse(call!.body.toString('utf8')) as unknown;

it('needs the gateway and a token, and says how it is used', async () => {
  env = {};
  await expect(run('history')).rejects.toThrow(
    /^Set PARTY_ADMIN_URL and PARTY_ADMIN_TOKEN .*\nUsage: npx party-release <command>/s,
  );
  env = { PARTY_ADMIN_URL: 'http://127.0.0.1:1' };
  await expect(run('history')).rejects.toThrow('PARTY_ADMIN_URL is set: set PARTY_ADMIN_TOKEN too');
  env = { PARTY_ADMIN_URL: 'ftp://gateway', PARTY_ADMIN_TOKEN: 'x' };
  await expect(run('history')).rejects.toThrow(/PARTY_ADMIN_URL/);
  expect(calls).toEqual([]);
});

it("acts on the folder's remote when a command names none, and on the one it names", async () => {
  answer = ({ path: asked }) =>
    asked.endsWith('/history')
      ? {
          status: 200,
          body: {
            history: [
              {
                at: '2026-11-26T10:00:00.000Z',
                event: 'published',
                version: '0.3.0+abc1234',
                previousVersion: null,
                by: 'Donate team (token 7)',
                reason: 'new tiers',
              },
            ],
          },
        }
      : { status: 200, body: { previous: '0.2.0+fff0000' } };
  await run('history');
  await run('activate', '0.3.0+abc1234', '--canary', '10', '--reason', 'new tiers, carefully');
  await run('rollback', 'mf-content', '--reason', 'broken menu');

  expect(calls.map(({ method, path: asked, authorization }) => [method, asked, authorization])).toEqual([
    ['GET', '/api/admin/releases/mf-donate/history', 'Bearer party_donate-team'],
    ['POST', '/api/admin/releases/mf-donate/activate', 'Bearer party_donate-team'],
    ['POST', '/api/admin/releases/mf-content/rollback', 'Bearer party_donate-team'],
  ]);
  expect(json(calls[1])).toEqual({ version: '0.3.0+abc1234', reason: 'new tiers, carefully', canary: 10 });
  expect(lines.slice(0, 2)).toEqual([
    '2026-11-26T10:00:00.000Z  published   0.3.0+abc1234  by Donate team (token 7): new tiers',
    'mf-donate 0.3.0+abc1234 is a canary for 10% of visitors; the others keep 0.2.0+fff0000. Promote it with: npx party-release promote mf-donate --reason "…"',
  ]);
});

it('uploads a build as one gzipped archive, and publishes only its own remote', async () => {
  const build = path.join(scratch, 'build');
  await fs.mkdir(path.join(build, 'static/js'), { recursive: true });
  await fs.writeFile(path.join(build, 'mf-manifest.json'), '{"name":"mf-donate"}');
  await fs.writeFile(path.join(build, 'static/js/donate.js'), 'var tiers = [1, 5, 15];');
  answer = () => ({ status: 201, body: { entry: '/releases/mf-donate/0.3.0+abc1234/mf-manifest.json' } });

  await run('publish', '--from', build, '--reason', 'new tiers');

  const [upload] = calls;
  const version = /^\/api\/admin\/releases\/mf-donate\?version=(0\.3\.0%2B[0-9a-f]{7})&reason=new\+tiers$/.exec(
    upload!.path,
  )?.[1];
  expect(version).toBeDefined();
  expect(upload!.type).toBe('application/gzip');
  const files: string[] = [];
  await new Promise((resolve, reject) =>
    Readable.from(upload!.body)
      .pipe(tar.list({ onReadEntry: (entry) => files.push(entry.path) }))
      .on('finish', resolve)
      .on('error', reject),
  );
  expect(files.filter((file) => !file.endsWith('/')).sort()).toEqual(['./mf-manifest.json', './static/js/donate.js']);
  expect(lines.at(-1)).toBe(
    `Published mf-donate ${decodeURIComponent(version!)} at /releases/mf-donate/0.3.0+abc1234/mf-manifest.json. It is not active yet: npx party-release activate mf-donate ${decodeURIComponent(version!)} --reason "…"`,
  );

  await expect(run('publish', 'mf-content', '--reason', 'x')).rejects.toThrow(
    `Publish mf-content from its own folder: ${folder} is mf-donate's.`,
  );
  expect(calls).toHaveLength(1);
});

it("shows the gateway's refusal in its words", async () => {
  answer = () => ({ status: 403, body: { message: 'This token may change mf-content only.' } });
  await expect(run('promote', '--reason', 'no failures')).rejects.toThrow('This token may change mf-content only.');
});
