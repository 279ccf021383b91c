import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { builtInRemotes } from '@party/shared-contracts';
import { fakeDonateBuild } from '../testing/fake-remote-build.js';
import { checkReleaseContract, checkRemoteContract } from './remote-contract-check.js';

let build: string;

beforeEach(async () => {
  build = await fs.mkdtemp(path.join(os.tmpdir(), 'contract-'));
  await fakeDonateBuild(build);
});
afterEach(() => fs.rm(build, { recursive: true, force: true }));

const declare = (routes: unknown) => fs.writeFile(path.join(build, 'routes.json'), JSON.stringify(routes));

describe('checkRemoteContract', () => {
  it('passes a build that exposes the pages its routes name, and returns those routes', async () => {
    expect(await checkRemoteContract('mf-donate', build, builtInRemotes)).toEqual({
      problems: [],
      routes: [
        { path: '/donate', page: 'Donate', nav: { label: 'Donate', order: 50 } },
        { path: '/donate/confirm-email', page: 'ConfirmDonorEmail', unlisted: true },
      ],
    });
  });

  it('refuses a build that declares no routes, or routes the contract cannot read', async () => {
    await fs.rm(path.join(build, 'routes.json'));
    expect((await checkRemoteContract('mf-donate', build, builtInRemotes)).problems).toEqual([
      'routes.json is missing or not JSON',
    ]);
    await declare([{ path: 'donate', page: 'Donate' }]);
    expect((await checkRemoteContract('mf-donate', build, builtInRemotes)).problems).toEqual([
      expect.stringMatching(/^routes\.json does not declare routes as the contract says/),
    ]);
  });

  it('refuses a page outside the remote’s prefixes, a page it does not expose, and a lost page others link to', async () => {
    await declare([
      { path: '/donate', page: 'Donate' },
      { path: '/about', page: 'Donate' },
      { path: '/donate/receipt', page: 'Receipt' },
    ]);
    expect((await checkRemoteContract('mf-donate', build, builtInRemotes)).problems).toEqual([
      '/about belongs to mf-content, not mf-donate',
      '/donate/confirm-email is missing: other parts of the site link to it',
      './Receipt is not exposed',
    ]);
    expect((await checkRemoteContract('mf-engagement', build, builtInRemotes)).problems).toContain(
      '/join is missing: other parts of the site link to it',
    );
  });

  it('reads the prefixes and header links from the definitions it is given, not from a constant', async () => {
    const elsewhere = builtInRemotes.map((remote) =>
      remote.name === 'mf-donate' ? { ...remote, prefixes: ['/give'], linkedPaths: [], linkPlaces: [] } : remote,
    );
    expect((await checkRemoteContract('mf-donate', build, elsewhere)).problems).toEqual([
      '/donate belongs to mf-content, not mf-donate',
      '/donate is linked from the header, which mf-donate may not be',
      '/donate/confirm-email belongs to mf-content, not mf-donate',
    ]);
  });

  it('checks a build of the shell for its page template and page assets, its manifest and its server build', async () => {
    const shell = await fs.mkdtemp(path.join(os.tmpdir(), 'shell-build-'));
    try {
      await fs.writeFile(path.join(shell, 'index.html'), '<!doctype html>');
      expect((await checkReleaseContract('shell', shell, builtInRemotes)).problems).toEqual([
        'page-assets.json is missing',
        'mf-manifest.json is missing',
        'server/server.mjs is missing',
      ]);
      await fs.writeFile(path.join(shell, 'page-assets.json'), '{"scripts":"/static/js/index.js"}');
      expect((await checkReleaseContract('shell', shell, builtInRemotes)).problems).toContain(
        "page-assets.json does not list the page's scripts, stylesheets and inline scripts",
      );
      await fs.writeFile(
        path.join(shell, 'page-assets.json'),
        '{"scripts":["/static/js/index.js"],"stylesheets":[],"inlineScripts":[]}',
      );
      await fs.writeFile(path.join(shell, 'mf-manifest.json'), '{"name":"shell"}');
      await fs.mkdir(path.join(shell, 'server'));
      await fs.writeFile(path.join(shell, 'server/server.mjs'), 'export {}');
      expect(await checkReleaseContract('shell', shell, builtInRemotes)).toEqual({ problems: [], routes: [] });
    } finally {
      await fs.rm(shell, { recursive: true, force: true });
    }
  });
});
