import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcCall {
  id: number;
  method: string;
  params: unknown[];
}

/** What the proxy answers in the node's place: a JSON-RPC `result` or `error`; undefined passes the call on. */
export type RpcAnswer = { result: unknown } | { error: { code: number; message: string } } | undefined;

export interface RpcProxyOptions {
  /** Answers a call itself. */
  answer?(call: RpcCall): RpcAnswer | Promise<RpcAnswer>;
  /** Changes the node's result before it is returned: what a lying node says. */
  rewrite?(call: RpcCall, result: unknown): unknown;
}

export interface RpcProxy {
  url: string;
  /** The methods it was asked, in order. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * A JSON-RPC endpoint in front of a local node (one call per request, as the gateway sends them):
 * it passes each call on, or answers it itself, or changes what the node said. A node that traces,
 * lies or serves another chain, for the tests.
 */
export async function startRpcProxy(target: string, { answer, rewrite }: RpcProxyOptions = {}): Promise<RpcProxy> {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const call = JSON.parse(body) as RpcCall;
      calls.push(call.method);
      const reply = (payload: object) =>
        response
          .setHeader('content-type', 'application/json')
          .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...payload }));
      const own = await answer?.(call);
      if (own) return reply(own);
      const passed = (await (
        await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).json()) as { result?: unknown; error?: unknown };
      if ('error' in passed) return reply({ error: passed.error });
      reply({ result: rewrite ? rewrite(call, passed.result) : passed.result });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
