import http from 'node:http';
import os from 'node:os';
import { socketAnswers } from '../control/socket-answers.js';

/** Who runs the command line: the operating system's account, not $USER, which anyone can set. */
export const operatingAccount = () => `${os.userInfo().username}@${os.hostname()}`;

/** The running gateway's control socket at `socketPath`, if a gateway answers there. */
export async function runningGateway(socketPath: string | null): Promise<string | null> {
  return socketPath && (await socketAnswers(socketPath)) ? socketPath : null;
}

/**
 * `fetch` over the control socket, naming the operating-system account it runs as (what the
 * gateway records as who made a change). Enough of fetch for the admin API's calls.
 */
export function controlSocketFetch(socketPath: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body =
      init.body instanceof Blob
        ? Buffer.from(await init.body.arrayBuffer())
        : typeof init.body === 'string'
          ? init.body
          : undefined;
    const headers = {
      ...(init.headers as Record<string, string> | undefined),
      'X-Operator': operatingAccount(),
      ...(body !== undefined && { 'Content-Length': String(Buffer.byteLength(body)) }),
    };
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(
        { socketPath, path: `${url.pathname}${url.search}`, method: init.method ?? 'GET', headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 500;
            resolve(
              new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), {
                status,
                headers: { 'Content-Type': response.headers['content-type'] ?? '' },
              }),
            );
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      init.signal?.addEventListener('abort', () => request.destroy(init.signal?.reason as Error));
      request.end(body);
    });
  }) as typeof fetch;
}

/** Runs `npm run <name> -- …args` in the running gateway; what it prints. */
export async function runInGateway(socketPath: string, name: 'tokens' | 'staff', args: string[]): Promise<string> {
  const response = await controlSocketFetch(socketPath)(`http://gateway/commands/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  if (!response.ok) throw await refusal(response);
  return ((await response.json()) as { output?: string }).output ?? '';
}

/** The gateway's refusal, in its own words when it gave them. */
export async function refusal(response: Response): Promise<Error> {
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  return new Error(answer.message ?? `The gateway answered ${response.status}`);
}
