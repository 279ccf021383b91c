import { eventually } from './testing/eventually.js';
import { startGatewayProcess } from './testing/gateway-process.js';

// The gateway as an operator runs it (server.ts, in a process of its own), told to stop under load.

const codeOf = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error);

it('drains on SIGTERM: answers not ready while it still serves, so that its clients leave, resets no connection, then exits 0', async () => {
  const gateway = await startGatewayProcess({ SHUTDOWN_DRAIN_MS: '1000', LOG_LEVEL: 'silent' });
  expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
  expect(await (await fetch(`${gateway.url}/readyz`)).json()).toEqual({ status: 'ready' });

  const seen = { answered: 0, leftOnDraining: 0, failures: [] as string[] };
  // Four clients on keep-alive connections, routed as a load balancer would: each request goes here
  // while /readyz says ready (2,000 requests at most).
  const client = async () => {
    for (let request = 0; request < 2_000; request += 1) {
      try {
        const health = await fetch(`${gateway.url}/api/health`);
        await health.text();
        if (health.status === 200) seen.answered += 1;
        else seen.failures.push(`/api/health ${health.status}`);
        const ready = await fetch(`${gateway.url}/readyz`);
        const { status } = (await ready.json()) as { status: string };
        if (ready.status === 503) {
          if (status === 'draining') seen.leftOnDraining += 1;
          else seen.failures.push(`/readyz ${status}`);
          return;
        }
      } catch (error) {
        seen.failures.push(codeOf(error));
        return;
      }
    }
  };
  const clients = Array.from({ length: 4 }, client);
  // Told to stop once it is serving them (a state, not a time: on a slow machine that takes longer).
  await eventually(() => seen.answered >= 20);
  const exiting = gateway.stop();
  await Promise.all(clients);

  expect(await exiting).toBe(0);
  expect(seen.failures).toEqual([]);
  expect(seen.leftOnDraining).toBe(4);
}, 60_000);
