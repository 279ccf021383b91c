import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAGE_ASSETS_FILE } from '@party/shared-contracts';
import { cspHash, createLogger } from '../../platform/index.js';
import type { RegistrySnapshot } from '../../releases/index.js';
import { shellBuilds, stylesheetTexts } from './shell-builds.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shell-builds-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function folder(name: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name, file)), { recursive: true });
    await fs.writeFile(path.join(dir, name, file), text);
  }
  return path.join(dir, name);
}

const template =
  '<html><head><meta name="theme-color" content="#1f3c88" /></head><body><div id="root"></div></body></html>';
const assets = (guard: string) =>
  JSON.stringify({
    scripts: ['/static/js/index.1.js'],
    stylesheets: ['/static/css/index.1.css'],
    inlineScripts: [`window.partyGuard=${guard}`],
  });
const snapshot = (shell: RegistrySnapshot['shell']) => ({ shell }) as RegistrySnapshot;
const release = {
  version: '2.0.0+abc',
  entry: '/releases/shell/2.0.0+abc/mf-manifest.json',
  routes: [],
} as unknown as NonNullable<RegistrySnapshot['shell']>;

describe('the shell builds pages are composed in', () => {
  it('reads a build’s template and page assets once, its inline scripts as the policy allows them', async () => {
    const configured = {
      dir: await folder('configured', { 'index.html': template, [PAGE_ASSETS_FILE]: assets('1') }),
      baseUrl: '/',
    };
    const shellOf = shellBuilds(() => configured, createLogger({ logLevel: 'silent' }));
    const shell = shellOf(snapshot(null));
    expect(shell).toMatchObject({
      local: configured,
      template,
      assets: JSON.parse(assets('1')),
      scriptHashes: [cspHash('window.partyGuard=1')],
    });
    await fs.writeFile(path.join(configured.dir, 'index.html'), 'changed');
    await fs.writeFile(path.join(configured.dir, PAGE_ASSETS_FILE), assets('2'));
    expect(shellOf(snapshot(null))).toBe(shell);
  });

  it('gives way to the configured shell when a release’s template or page assets are not there or not valid, and reads them once they are', async () => {
    const configured = {
      dir: await folder('configured', { 'index.html': template, [PAGE_ASSETS_FILE]: assets('1') }),
      baseUrl: '/',
    };
    const published = { dir: path.join(dir, 'release'), baseUrl: '/releases/shell/2.0.0+abc/' };
    const errors: string[] = [];
    const logger = createLogger({ logLevel: 'silent' });
    logger.error = ((_fields: unknown, message: string) => void errors.push(message)) as unknown as typeof logger.error;
    const shellOf = shellBuilds((shell) => (shell ? published : configured), logger);
    expect(shellOf(snapshot(release)).local).toBe(configured);
    await folder('release', { 'index.html': template, [PAGE_ASSETS_FILE]: '{"scripts":"/static/js/index.js"}' });
    expect(shellOf(snapshot(release)).local).toBe(configured);
    expect(errors).toEqual(
      Array(2).fill('the shell release has no page template or page assets here; pages use the configured shell'),
    );
    await folder('release', { [PAGE_ASSETS_FILE]: assets('2') });
    expect(shellOf(snapshot(release))).toMatchObject({
      local: published,
      scriptHashes: [cspHash('window.partyGuard=2')],
    });
  });

  it('says so when the configured shell was built without page assets (before the gateway read them)', async () => {
    const configured = { dir: await folder('configured', { 'index.html': template }), baseUrl: '/' };
    const errors: string[] = [];
    const logger = createLogger({ logLevel: 'silent' });
    logger.error = ((_fields: unknown, message: string) => void errors.push(message)) as unknown as typeof logger.error;
    expect(shellBuilds(() => configured, logger)(snapshot(null)).assets).toEqual({
      scripts: [],
      stylesheets: [],
      inlineScripts: [],
    });
    expect(errors).toEqual([
      'the shell build has no valid page-assets.json: its pages load no script; build the shell again (npm run build)',
    ]);
  });
});

describe('the stylesheets written into pages', () => {
  it('finds a stylesheet in the first folder whose base its URL starts with, if small, read once', async () => {
    const remote = {
      dir: await folder('remote', {
        'static/css/page.css': '.page{color:red}',
        'static/css/big.css': `.big{}${' '.repeat(30_000)}`,
      }),
      baseUrl: '/remotes/mf-content/',
    };
    const shell = { dir: await folder('shell', { 'static/css/index.css': 'body{margin:0}' }), baseUrl: '/' };
    const cssText = stylesheetTexts();
    expect(cssText([remote, shell], '/remotes/mf-content/static/css/page.css')).toBe('.page{color:red}');
    expect(cssText([remote, shell], '/static/css/index.css')).toBe('body{margin:0}');
    expect(cssText([remote, shell], '/remotes/mf-content/static/css/big.css')).toBeNull();
    expect(cssText([remote, shell], 'https://cdn.example.org/static/css/page.css')).toBeNull();
    await fs.writeFile(path.join(remote.dir, 'static/css/page.css'), '.page{color:blue}');
    expect(cssText([remote, shell], '/remotes/mf-content/static/css/page.css')).toBe('.page{color:red}');
  });

  it('reads a stylesheet missing now once it is there', async () => {
    const remote = { dir: await folder('remote', {}), baseUrl: '/remotes/mf-donate/' };
    const cssText = stylesheetTexts();
    expect(cssText([remote], '/remotes/mf-donate/static/css/late.css')).toBeNull();
    await folder('remote', { 'static/css/late.css': '.late{}' });
    expect(cssText([remote], '/remotes/mf-donate/static/css/late.css')).toBe('.late{}');
  });
});
