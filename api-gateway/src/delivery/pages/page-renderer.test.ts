import fs from 'node:fs/promises';
import dgram from 'node:dgram';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../platform/logger.js';
import { builtSiteBundles } from '../../testing/built-site-bundles.js';
import { startPageRenderer, type PageRenderer, type RendererBundles } from './page-renderer.js';

// The real renderer process on the site's own server builds, and on server bundles written here: a
// shell that renders what its page module gives, and remotes that misbehave.

const logger = createLogger({ logLevel: 'silent' });
const repository = path.resolve(import.meta.dirname, '../../../..');
let dir: string;
const renderers: PageRenderer[] = [];

const shellBundle = `
const { createElement } = globalThis.__partyServerShared.react;
const { renderToString } = globalThis.__partyServerShared['react-dom/server'];
export function routeOf(pathname) {
  return pathname === '/about' ? { path: '/about', remote: 'mf-content', page: 'About' } : pathname === '/donate' ? { path: '/donate', remote: 'mf-donate', page: 'Donate' } : undefined;
}
export function renderSite(url, source) {
  const route = routeOf(url);
  let module;
  if (route) source(route.remote + '/' + route.page).then((loaded) => (module = loaded));
  return renderToString(createElement('main', null, module ? createElement('div', { 'data-remote': route.remote }, createElement(module.default)) : 'loading'));
}
`;

const remoteBundle = (page: string) => `
const { createElement } = globalThis.__partyServerShared.react;
const pages = { ${page} };
export const bundle = {
  loadPage: async (name) => pages[name](),
  loadWidget: async () => { throw new Error('none'); },
  publicPaths: () => ['/about'],
  setAssetBase: () => undefined,
};
`;

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await fs.writeFile(path.join(dir, file), text);
  return path.join(dir, file);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'renderer-'));
});
afterEach(() => renderers.splice(0).forEach((renderer) => renderer.close()));

const settings: RendererBundles['settings'] = {
  donations: {
    accepting: false,
    message: 'We do not accept donations in cryptocurrency.',
    otherWays: 'Join us instead.',
  },
};

async function renderer(
  remotes: Partial<Record<string, string>>,
  options?: { answerWithinMs?: number; bubblewrap?: string },
): Promise<PageRenderer> {
  const bundles: RendererBundles = {
    settings,
    shellEntry: await write('shell/server/server.mjs', shellBundle),
    remotes: { 'mf-content': null, 'mf-engagement': null, 'mf-donate': null },
    registry: {
      remotes: {
        'mf-content': {
          entry: '/remotes/mf-content/mf-manifest.json',
          version: 'configured',
          routes: [{ path: '/about', page: 'About' }],
        },
        'mf-engagement': { entry: '/remotes/mf-engagement/mf-manifest.json', version: 'configured', routes: [] },
        'mf-donate': {
          entry: '/remotes/mf-donate/mf-manifest.json',
          version: 'configured',
          routes: [{ path: '/donate', page: 'Donate' }],
        },
      },
    },
  };
  for (const [name, page] of Object.entries(remotes)) {
    bundles.remotes[name as 'mf-content'] = {
      serverEntry: await write(`${name}-${Math.random()}/server/server.mjs`, remoteBundle(page ?? '')),
      assetBase: `/remotes/${name}/`,
    };
  }
  const started = await startPageRenderer(bundles, logger, options);
  renderers.push(started);
  return started;
}

describe('the page renderer process', () => {
  it('renders a remote page in the shell, and sees none of the gateway’s environment', async () => {
    process.env.DATABASE_URL = 'postgres://secret@db.example/party';
    try {
      const pages = await renderer({
        'mf-content': `About: () => ({ default: () => createElement('h1', null, 'About: ' + (process.env.DATABASE_URL ?? 'no database')) })`,
      });
      const page = await pages.render('/about', 1000);
      expect(page).toMatchObject({ pageRendered: true, failure: null, remote: 'mf-content' });
      expect(page.html).toContain('<h1>About: no database</h1>');
      expect(await pages.publicPaths()).toEqual(['/about']);
    } finally {
      delete process.env.DATABASE_URL;
    }
  });

  it('runs remote code sealed by the kernel: every way out it tries is denied, and nothing reaches the gateway', async () => {
    process.env.DATABASE_URL = 'postgres://secret@db.example/party';
    // What the gateway's machine has open: its control socket, a TCP port and a UDP port, each
    // counting what reaches it.
    let reached = 0;
    const tcp = await Promise.all(
      [path.join(dir, 'control.sock'), 0].map(
        (where) =>
          new Promise<net.Server>((resolve) => {
            const server = net.createServer((socket) => {
              reached += 1;
              socket.destroy();
            });
            server.listen(where, () => resolve(server));
          }),
      ),
    );
    const udp = dgram.createSocket('udp4').on('message', () => (reached += 1));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const tcpPort = (tcp[1]!.address() as net.AddressInfo).port;
    const udpPort = udp.address().port;
    // Each workspace package's symlink in node_modules leads back into the repository.
    const symlinks = (await fs.readdir(path.join(repository, 'node_modules/@party'))).map((name) =>
      path.join(repository, 'node_modules/@party', name, 'package.json'),
    );
    // A data folder and a mail folder, as the gateway's own are beside its builds.
    const reads = [
      ...symlinks,
      repository,
      path.join(repository, 'api-gateway/src/config.ts'),
      await write('data/pglite/pg_wal/000000010000000000000001', 'password hashes'),
      await write('data/mail/password-reset.eml', 'a reset link'),
      '/proc/self/environ',
      '/proc/1/environ',
      '/etc/passwd',
    ];
    // Every one is there for the gateway.
    await Promise.all(reads.map((file) => fs.access(file)));
    const attempts = `
      const fs = await import('node:fs');
      const net = await import('node:net');
      const dgram = await import('node:dgram');
      const childProcess = await import('node:child_process');
      const dns = await import('node:dns');
      const util = await import('node:util');
      const { Worker } = await import('node:worker_threads');
      const outcome = async (attempt) => { try { await attempt(); return 'done'; } catch (error) { return error.code ?? error.cause?.code ?? error.message; } };
      const event = (emitter, success) => new Promise((resolve, reject) => emitter.once(success, resolve).once('error', reject));
      const tried = { env: JSON.stringify(process.env) };
      for (const file of ${JSON.stringify(reads)}) tried['read ' + file] = await outcome(() => fs.statSync(file).isDirectory() ? fs.readdirSync(file) : fs.readFileSync(file));
      tried.controlSocket = await outcome(() => event(net.connect(${JSON.stringify(path.join(dir, 'control.sock'))}), 'connect'));
      tried.tcpConnect = await outcome(() => event(net.connect({ host: '127.0.0.1', port: ${tcpPort} }), 'connect'));
      tried.tcpListen = await outcome(() => event(net.createServer().listen(0), 'listening'));
      tried.fetch = await outcome(() => fetch('http://127.0.0.1:${tcpPort}/'));
      tried.udpBind = await outcome(() => event(dgram.createSocket('udp4').bind(0), 'listening'));
      // Beneath the public functions: a UDP socket's native handle, and a server's internal listen.
      tried.udpHandle = await outcome(() => {
        const socket = dgram.createSocket('udp4');
        const state = socket[Object.getOwnPropertySymbols(socket).find((symbol) => String(symbol) === 'Symbol(state symbol)')];
        const code = state.handle.bind('127.0.0.1', 0, 0);
        if (code < 0) throw Object.assign(new Error('bind'), { code: util.getSystemErrorName(code) });
      });
      tried.tcpListenInternal = await outcome(() => { const server = net.createServer(); server._listen2('127.0.0.1', 0, 4, 511); return event(server, 'listening'); });
      tried.udpSend = await outcome(() => new Promise((resolve, reject) => dgram.createSocket('udp4').on('error', reject).send('out', ${udpPort}, '127.0.0.1', (error) => (error ? reject(error) : resolve()))));
      tried.dnsLookup = await outcome(() => dns.promises.lookup('example.org'));
      tried.dnsQuery = await outcome(() => dns.promises.resolve4('example.org'));
      tried.childProcess = await outcome(() => childProcess.execFileSync('/node', ['-e', '0']));
      tried.worker = await outcome(() => new Worker('1', { eval: true }));
      tried.write = await outcome(() => fs.writeFileSync(${JSON.stringify(path.join(dir, 'planted.txt'))}, 'x'));
      tried.binding = await outcome(() => process.binding('tcp_wrap'));`;
    try {
      const pages = await renderer({
        'mf-content': `About: async () => { ${attempts} return { default: () => createElement('pre', null, JSON.stringify(tried)) }; }`,
        'mf-donate': `Donate: () => ({ default: () => { process.binding('spawn_sync'); } })`,
      });
      const page = await pages.render('/about', 4000);
      expect(page).toMatchObject({ pageRendered: true, remote: 'mf-content' });
      const { env, ...tried } = JSON.parse(/<pre>(.*)<\/pre>/.exec(page.html)![1]!.replaceAll('&quot;', '"')) as Record<
        string,
        string
      >;
      // The renderer's whole environment: what the gateway gives it, and bubblewrap's working folder.
      expect(JSON.parse(env!)).toEqual({ NODE_ENV: 'production', PWD: '/renderer' });
      // Files outside the sandbox are not there (ENOENT); the kernel refuses every socket (EACCES;
      // the resolvers, denied theirs, say EAI_AGAIN and ECONNREFUSED); Node's permission model
      // refuses processes, workers, writes and bindings (ERR_ACCESS_DENIED).
      expect(tried).toEqual({
        ...Object.fromEntries(reads.map((file) => [`read ${file}`, 'ENOENT'])),
        controlSocket: 'EACCES',
        tcpConnect: 'EACCES',
        tcpListen: 'EACCES',
        fetch: 'EACCES',
        udpBind: 'EACCES',
        udpHandle: 'EACCES',
        tcpListenInternal: 'EACCES',
        udpSend: 'EACCES',
        dnsLookup: 'EAI_AGAIN',
        dnsQuery: 'ECONNREFUSED',
        childProcess: 'ERR_ACCESS_DENIED',
        worker: 'ERR_ACCESS_DENIED',
        write: 'ERR_ACCESS_DENIED',
        binding: 'ERR_ACCESS_DENIED',
      });
      expect(reached).toBe(0);
      await expect(fs.access(path.join(dir, 'planted.txt'))).rejects.toThrow();
      // A remote whose page breaks on what it may not do falls back like any render error; the renderer lives on.
      expect(await pages.render('/donate', 2000)).toMatchObject({
        pageRendered: false,
        failure: 'render-failed',
        remote: 'mf-donate',
      });
      expect(pages.alive()).toBe(true);
    } finally {
      delete process.env.DATABASE_URL;
      udp.close();
      await Promise.all(tcp.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('is not started where the kernel cannot seal it, and says why', async () => {
    await expect(renderer({}, { bubblewrap: path.join(dir, 'no-bwrap') })).rejects.toThrow(
      `The page renderer cannot be isolated here: bubblewrap is not installed (${path.join(dir, 'no-bwrap')})`,
    );
  });

  it('gives every render the site settings, as siteSettings() reads them', async () => {
    const pages = await renderer({
      'mf-content': `About: () => ({ default: () => createElement('p', null, globalThis[Symbol.for('party.server-render.site-settings')]?.donations.message ?? 'no settings') })`,
    });
    expect((await pages.render('/about', 1000)).html).toContain('<p>We do not accept donations in cryptocurrency.</p>');
  });

  it('leaves a page whose remote throws to the browser, and says why', async () => {
    const pages = await renderer({ 'mf-content': `About: () => ({ default: () => { throw new Error('broken'); } })` });
    const page = await pages.render('/about', 1000);
    expect(page).toMatchObject({ pageRendered: false, failure: 'render-failed', error: 'broken', html: '' });
  });

  it('says so when a remote has no server build', async () => {
    const pages = await renderer({});
    expect(await pages.render('/donate', 100)).toMatchObject({
      pageRendered: false,
      failure: 'no-server-build',
      remote: 'mf-donate',
    });
  });

  it('is replaced, not waited for, when a remote hangs it', async () => {
    // A second, not the gateway's 5: the test waits for it.
    const pages = await renderer(
      { 'mf-content': `About: () => ({ default: () => { for (;;) {} } })` },
      { answerWithinMs: 1000 },
    );
    const started = performance.now();
    await expect(pages.render('/about', 100)).rejects.toThrow(/did not answer render within 1000 ms/);
    // A render that is waited for would never end: any bound shows it was not.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(pages.alive()).toBe(false);
  });
});

describe('the page renderer on the site’s own server builds', () => {
  // `npm test` builds the site before its unit tests: these are the files the gateway serves.
  async function siteRenderer(): Promise<PageRenderer> {
    const started = await startPageRenderer(await builtSiteBundles(settings), logger);
    renderers.push(started);
    return started;
  }

  it('renders a page of each remote in the shell, with its meta, and the 404 for any other path', async () => {
    const pages = await siteRenderer();
    const home = await pages.render('/', 5000);
    expect(home).toMatchObject({ remote: 'mf-content', pageRendered: true, failure: null, error: null });
    expect(home.html).toContain('data-remote="mf-content"');
    expect(home.meta?.title).toEqual(expect.any(String));

    const contact = await pages.render('/contact', 5000);
    expect(contact).toMatchObject({ remote: 'mf-engagement', pageRendered: true, failure: null, error: null });
    expect(contact.html).toContain('<form');

    // The settings reach the page: donations closed, in the settings' words.
    const donate = await pages.render('/donate', 5000);
    expect(donate).toMatchObject({ remote: 'mf-donate', pageRendered: true, failure: null, error: null });
    expect(donate.html).toContain('We do not accept donations in cryptocurrency.');

    const missing = await pages.render('/this/page/does-not-exist', 5000);
    expect(missing).toMatchObject({ remote: null, pageRendered: false, failure: null, error: null });
    expect(missing.html).toContain('404 Page Not Found');

    expect(await pages.publicPaths()).toEqual(expect.arrayContaining(['/', '/about', '/contact', '/donate']));
  }, 20_000);
});
