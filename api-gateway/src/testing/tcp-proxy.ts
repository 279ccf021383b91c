import net from 'node:net';

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL, Redis), to play what happens to it:
 * `cut()` closes every connection and refuses new ones (a restart, a crash), `freeze()` keeps
 * connections open but passes nothing (a hung server), `restore()` brings it back.
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let frozen = false;
  const flow = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const halt = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };

  const server = net.createServer((client) => {
    const pair = { client, upstream: net.connect(target) };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      pair.client.destroy();
      pair.upstream.destroy();
    };
    for (const socket of [pair.client, pair.upstream]) socket.on('close', end).on('error', end);
    if (frozen) halt(pair);
    else flow(pair);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
  };

  return {
    port,
    cut: async () => {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
    freeze: () => {
      frozen = true;
      pairs.forEach(halt);
    },
    restore: async () => {
      frozen = false;
      pairs.forEach(flow);
      if (!server.listening) await listen(port);
    },
    close: async () => {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
  };
}
