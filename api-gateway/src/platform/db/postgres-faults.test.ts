import pg from 'pg';
import { eventually } from '../../testing/eventually.js';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';
import { migrate } from './migrate.js';
import { testServiceAvailable } from '../../testing/test-services.js';

// PostgreSQL restarting or hanging under the gateway. The gateway reaches the machine's PostgreSQL
// through a loopback proxy that can cut or freeze its connections; a restart's "terminating
// connection due to administrator command" is sent by the server itself (pg_terminate_backend).

const databaseUrl = process.env.DATABASE_URL;
const TIMEOUTS = { connectTimeoutMs: 500, queryTimeoutMs: 500 };

(testServiceAvailable('postgres') ? describe : describe.skip)(
  'the gateway when PostgreSQL restarts or hangs (DATABASE_URL)',
  () => {
    let proxy: TcpProxy;
    let test: TestDatabase;
    let gateway: TestGateway;
    let sequence = 0;
    const applicationName = `gateway-faults-${process.pid}`;

    const newsletter = async (email = `fault-${++sequence}@example.org`) => {
      const started = performance.now();
      const response = await fetch(`${gateway.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      await response.text();
      return { status: response.status, ms: performance.now() - started, email };
    };
    const health = async () => (await fetch(`${gateway.url}/api/health`)).status;

    /** What `pg_ctl restart -m fast` does to every connection: the server ends them (57P01). */
    async function terminateConnections() {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const { rows } = await admin.query<{ terminated: boolean }>(
        'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      await admin.end();
      return rows.length;
    }

    beforeEach(async () => {
      const target = new URL(databaseUrl ?? '');
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      test = await openTestDatabase('postgres', {
        via: { host: '127.0.0.1', port: proxy.port },
        applicationName,
        ...TIMEOUTS,
      });
      await migrate(test.db);
      gateway = await startTestGateway(test.db, { FORM_RATE_LIMIT: '100000' });
      // Several connections in the pool, then idle.
      await Promise.all(Array.from({ length: 6 }, () => newsletter()));
    });
    afterEach(async () => {
      await proxy.restore();
      await gateway.close();
      await test.dispose();
      await proxy.close();
    });

    it('keeps running through a restart of an idle pool, answers 503 while the server is away, and recovers by itself', async () => {
      expect(await terminateConnections()).toBeGreaterThan(0);
      await proxy.cut();

      const during = await newsletter();
      expect(during.status).toBe(503);
      expect(during.ms).toBeLessThan(2000);
      await eventually(async () => (await health()) === 503);

      await proxy.restore();
      await eventually(async () => (await newsletter()).status === 201);
      await eventually(async () => (await health()) === 200);
    });

    it('loses no acknowledged write when the server goes away under load', async () => {
      const answers: Array<{ status: number; ms: number; email: string }> = [];
      let writing = true;
      const writers = Array.from({ length: 6 }, async () => {
        for (let index = 0; writing && index < 2000; index += 1) answers.push(await newsletter());
      });
      // Writes acknowledged before the server goes, refused while it is away, then acknowledged again.
      await eventually(() => answers.filter((answer) => answer.status === 201).length >= 20);
      await terminateConnections();
      await proxy.cut();
      const cutAt = answers.length;
      await eventually(() => answers.slice(cutAt).some((answer) => answer.status === 503));
      await proxy.restore();
      await eventually(
        () => answers.slice(-5).length === 5 && answers.slice(-5).every((answer) => answer.status === 201),
      );
      writing = false;
      await Promise.all(writers);

      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201, 503]));
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(2000);
      const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.email);
      const { rows } = await test.db.query<{ stored: number }>(
        'SELECT count(*)::int AS stored FROM newsletter_subscriptions WHERE email = ANY($1)',
        [acknowledged],
      );
      expect(rows[0]?.stored).toBe(acknowledged.length);
    });

    it('answers 503 within its timeouts when the server hangs, and recovers when it answers again', async () => {
      proxy.freeze();
      const during = await Promise.all([newsletter(), newsletter(), newsletter()]);
      expect(during.map((answer) => answer.status)).toEqual([503, 503, 503]);
      // Without its timeouts a request would wait for the frozen server forever: any bound shows them.
      expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(10_000);
      const started = performance.now();
      await eventually(async () => (await health()) === 503);
      expect(performance.now() - started).toBeLessThan(15_000);

      await proxy.restore();
      await eventually(async () => (await newsletter()).status === 201);
      await eventually(async () => (await health()) === 200);
    });
  },
);
