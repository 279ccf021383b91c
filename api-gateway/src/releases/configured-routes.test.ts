import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { configuredRoutesReader } from './configured-routes.js';

const routes = [{ path: '/donate', page: 'Donate' }];

describe('the routes of a configured build', () => {
  it('are read beside a build the gateway serves, and are none when the build is not there', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'configured-'));
    try {
      const read = configuredRoutesReader((remote) => path.join(dir, remote, 'dist'));
      expect(await read('mf-donate', '/remotes/mf-donate/mf-manifest.json')).toEqual([]);
      await fs.mkdir(path.join(dir, 'mf-donate', 'dist'), { recursive: true });
      await fs.writeFile(path.join(dir, 'mf-donate', 'dist', 'routes.json'), JSON.stringify(routes));
      expect(await read('mf-donate', '/remotes/mf-donate/mf-manifest.json')).toEqual(routes);
      // A file the contract cannot read fails the registry's read rather than hiding pages.
      await fs.writeFile(path.join(dir, 'mf-donate', 'dist', 'routes.json'), JSON.stringify([{ path: 'donate' }]));
      await expect(read('mf-donate', '/remotes/mf-donate/mf-manifest.json')).rejects.toThrow();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('are fetched beside a build another server serves (a dev server, a CDN)', async () => {
    let answer = { status: 200, body: JSON.stringify(routes) };
    const server = http.createServer((request, response) => {
      response.writeHead(request.url === '/mf-donate/routes.json' ? answer.status : 404).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const entry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-donate/mf-manifest.json`;
      const read = configuredRoutesReader(() => '/nowhere');
      expect(await read('mf-donate', entry)).toEqual(routes);
      answer = { status: 503, body: '' };
      await expect(read('mf-donate', entry)).rejects.toThrow(
        "mf-donate's configured build answered 503 for its routes.json",
      );
    } finally {
      server.close();
    }
  });
});
