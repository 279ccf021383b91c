import http from 'node:http';
import net from 'node:net';
import request from 'supertest';
import { memberLinks, staffLinks } from '@party/shared-contracts';
import { migrate } from './platform/db/migrate.js';
import { eventually } from './testing/eventually.js';
import { openTestDatabase, type TestDatabase } from './testing/test-databases.js';
import { startTestGateway, type TestGateway } from './testing/test-gateway.js';

// What an attacker or a broken client can do at the edge of the gateway: spell routes, forge
// forwarding headers, send slowly, open many connections, send odd bodies and long URLs.

let test: TestDatabase;
const gateways: TestGateway[] = [];
let people = 0;
const someone = () => `edge+${++people}@example.org`;

beforeAll(async () => {
  test = await openTestDatabase('pglite');
  await migrate(test.db);
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});
afterAll(() => test.dispose());

async function gateway(env: NodeJS.ProcessEnv = {}): Promise<TestGateway> {
  const started = await startTestGateway(test.db, env);
  gateways.push(started);
  return started;
}

/** A raw connection to the gateway, to send what a browser never would. */
function connect(url: string): Promise<net.Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket)).once('error', reject);
  });
}

function closed(socket: net.Socket): Promise<{ ms: number; received: string }> {
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve({ ms: performance.now() - started, received })));
}

describe('the form rate limit', () => {
  it('counts a route, however its path is spelt', async () => {
    const { url } = await gateway({ FORM_RATE_LIMIT: '3' });
    const spellings = ['/api/newsletter', '/api/newsletter/', '/API/Newsletter', '/Api/NEWSLETTER/', '/api/newsletter'];
    const statuses = [];
    for (const path of spellings) statuses.push((await request(url).post(path).send({ email: someone() })).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('also limits failure reports from browsers', async () => {
    const { url } = await gateway({ FORM_RATE_LIMIT: '2' });
    const { reportToken } = (await request(url).get('/remotes.json')).body.remotes['mf-donate'];
    const report = {
      remote: 'mf-donate',
      version: 'configured',
      code: 'RUNTIME-008',
      route: '/donate',
      token: reportToken,
    };
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await request(url).post('/api/remote-failures').send(report)).status);
    expect(statuses).toEqual([204, 204, 429, 429]);
  });

  it('counts an IPv6 client by its /64, whichever of its addresses it sends from', async () => {
    const { url } = await gateway({ TRUST_PROXY: 'loopback', FORM_RATE_LIMIT: '2' });
    const from = (client: string) =>
      request(url).post('/api/newsletter').set('X-Forwarded-For', client).send({ email: someone() });
    const statuses = [];
    for (const host of [':1', 'a:b:c:d', 'ffff::2']) statuses.push((await from(`2001:db8:7:7:${host}`)).status);
    expect(statuses).toEqual([201, 201, 429]);
    // The next /64 is another client.
    expect((await from('2001:db8:7:8::1')).status).toBe(201);
  });
});

describe('sign-in attempts at one account', () => {
  it('are limited however many clients share them, alike for an account that does not exist', async () => {
    const { url } = await gateway({ TRUST_PROXY: 'loopback', FORM_RATE_LIMIT: '2' });
    const attempt = (path: string, email: string, client: string) =>
      request(url)
        .post(path)
        .set({ Origin: url, 'X-Forwarded-For': client })
        .send({ email, password: 'a guess at it' });
    for (const path of [memberLinks.sessionEndpoint, staffLinks.sessionEndpoint]) {
      const guessed = someone();
      expect((await attempt(path, guessed, '198.51.100.1')).status).toBe(401);
      expect((await attempt(path, guessed.toUpperCase(), '198.51.100.2')).status).toBe(401);
      const heldOff = await attempt(path, guessed, '198.51.100.3');
      expect(heldOff.status).toBe(429);
      expect(heldOff.body.message).toBe('Too many attempts for this account. Please wait a minute and try again.');
      expect(Number(heldOff.headers['retry-after'])).toBeGreaterThan(0);
      // Another account, from that same client, is not held off.
      expect((await attempt(path, someone(), '198.51.100.3')).status).toBe(401);
    }
  });
});

describe('forwarding headers', () => {
  it('are ignored from a client that is not a trusted proxy: it cannot pick its address or pass the origin check', async () => {
    const { url } = await gateway({ TRUST_PROXY: '10.0.0.0/8', FORM_RATE_LIMIT: '1' });
    await request(url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ email: someone() })
      .expect(201);
    await request(url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: someone() })
      .expect(429);

    const forged = await request(url)
      .post('/api/contact')
      .set({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' })
      .send({});
    expect(forged.status).toBe(403);
  });

  it('are believed from a trusted proxy for the client address; the site’s origin is PUBLIC_ORIGIN whatever the host', async () => {
    const { url } = await gateway({
      TRUST_PROXY: 'loopback',
      FORM_RATE_LIMIT: '1',
      PUBLIC_ORIGIN: 'https://party.example',
    });
    await request(url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ email: someone() })
      .expect(201);
    await request(url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: someone() })
      .expect(201);
    await request(url)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: someone() })
      .expect(429);

    await request(url)
      .post('/api/newsletter')
      .set({
        Origin: 'https://party.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': '198.51.100.3',
      })
      .send({ email: someone() })
      .expect(201);
    await request(url)
      .post('/api/newsletter')
      .set({
        Origin: 'https://evil.example',
        Host: 'evil.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': '198.51.100.4',
      })
      .send({ email: someone() })
      .expect(403);
  });
});

describe('slow and greedy clients', () => {
  const limits = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' };

  it('are cut off when their headers do not arrive in time', async () => {
    const { url } = await gateway(limits);
    const socket = await connect(url);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const { ms, received } = await closed(socket);
    expect(received).toMatch(/^HTTP\/1.1 408/);
    expect(ms).toBeLessThan(2000);
  });

  it('are cut off when their body does not arrive in time', async () => {
    const { url } = await gateway(limits);
    const socket = await connect(url);
    socket.write(
      'POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const { ms } = await closed(socket);
    expect(ms).toBeLessThan(2500);
  });

  it('cannot hold more connections than the cap', async () => {
    const { url } = await gateway({ HTTP_MAX_CONNECTIONS: '2' });
    const held = await Promise.all([connect(url), connect(url)]);
    const third = await connect(url);
    const { ms } = await closed(third);
    expect(ms).toBeLessThan(1000);
    held.forEach((socket) => socket.destroy());
  });
});

describe('bodies a browser would not send', () => {
  it('answer 413, not 500, when a chunked body passes the limit', async () => {
    const { url } = await gateway();
    const { port } = new URL(url);
    const status = await new Promise<number>((resolve, reject) => {
      const sending = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/contact',
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sending.on('error', reject);
      sending.write(`{"message":"${'x'.repeat(10_000)}`);
      sending.end(`${'x'.repeat(10_000)}"}`);
    });
    expect(status).toBe(413);
  });

  it('answer 400, not 503, when a text holds the NUL character, and store nothing', async () => {
    const { url } = await gateway();
    const email = someone();
    const response = await request(url)
      .post('/api/contact')
      .send({ name: 'Nul\u0000Byte', email, subject: 'other', message: 'A message long enough.', privacy: true })
      .expect(400);
    expect(response.body.message).toMatch(/cannot be stored/);
    expect((await test.db.query('SELECT 1 FROM contact_messages WHERE email = $1', [email])).rows).toHaveLength(0);
  });
});

describe('the log', () => {
  it('keeps each line short whatever the URL, and names the client by a daily hash, never its address', async () => {
    const { url, logs } = await gateway();
    await request(url)
      .get(`/api/${'x'.repeat(15_000)}`)
      .expect(404);
    await request(url).get('/api/health').expect(200);
    await eventually(() => logs.length >= 2);
    const [long, health] = logs.slice(-2).map((line) => JSON.parse(line) as Record<string, string>);
    expect(JSON.stringify(long).length).toBeLessThan(600);
    expect(long?.client).toMatch(/^[\w-]{16}$/);
    expect(health?.client).toBe(long?.client);
    expect(logs.join('')).not.toContain('127.0.0.1"');
  });
});
