import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/** The proxy's own path that holds (`?hold`) or releases (`?release`) its scripts. */
const SCRIPT_GATE_PATH = '/__e2e-script-gate';
const isScript = (url: string) => /\.js(\?|$)/.test(url);

/**
 * The site over TLS, as visitors reach it behind a load balancer: an https proxy on loopback with a
 * certificate of its own (made by Debian's openssl, valid one day for 127.0.0.1), in front of a
 * gateway on plain http. For WebKit, which keeps no Secure cookie over plain http; the gateway's
 * session cookie stays Secure.
 *
 * With `scriptGate`, a test can hold every script it serves until it releases them
 * (`scriptGate(url)`): a slow phone's page before its code arrives, in engines that Playwright
 * does not drive. Its scripts are then never cached, so that every page load asks for them.
 */
export async function startTlsProxy(
  port: number,
  targetPort: number,
  { scriptGate = false }: { scriptGate?: boolean } = {},
): Promise<https.Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'party-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const agent = new http.Agent({ keepAlive: true });
  let held: Array<() => void> | null = null;
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const url = request.url ?? '/';
    if (scriptGate && url.startsWith(SCRIPT_GATE_PATH)) {
      if (url.endsWith('?hold')) held ??= [];
      else for (const send of held?.splice(0) ?? []) send();
      if (url.endsWith('?release')) held = null;
      response.writeHead(204).end();
      return;
    }
    const forward = () => {
      const upstream = http.request(
        { agent, host: '127.0.0.1', port: targetPort, method: request.method, path: url, headers: request.headers },
        (answer) => {
          // Kept from the browser's cache, a script would come back without asking the gate.
          const headers =
            scriptGate && isScript(url) ? { ...answer.headers, 'cache-control': 'no-store' } : answer.headers;
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    if (held && isScript(url)) held.push(forward);
    else forward();
  });
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** Holds, then releases, the scripts of a proxy started with `scriptGate` at `baseUrl`. */
export function scriptGate(baseUrl: string) {
  const call = (action: 'hold' | 'release') =>
    new Promise<void>((resolve, reject) =>
      https
        .request(`${baseUrl}${SCRIPT_GATE_PATH}?${action}`, { method: 'POST', rejectUnauthorized: false }, (answer) =>
          answer.resume().on('end', resolve),
        )
        .on('error', reject)
        .end(),
    );
  return { hold: () => call('hold'), release: () => call('release') };
}
