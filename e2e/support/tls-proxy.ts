import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/**
 * The site over TLS, as visitors reach it behind a load balancer: an https proxy on loopback with a
 * certificate of its own (made by Debian's openssl, valid one day for 127.0.0.1), in front of a
 * gateway on plain http. For WebKit, which keeps no Secure cookie over plain http; the gateway's
 * session cookie stays Secure.
 */
export async function startTlsProxy(port: number, targetPort: number): Promise<https.Server> {
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
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const upstream = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: targetPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
