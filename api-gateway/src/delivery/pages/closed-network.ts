import dgram from 'node:dgram';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const refuse = (what: string) =>
  function refused(): never {
    throw Object.assign(new Error(`The page renderer has no network (${what}).`), { code: 'ERR_ACCESS_DENIED' });
  };

/** Replaces `name` on `target` for good: not writable, not configurable, the original unreachable. */
function seal(target: object, name: string, what: string) {
  Object.defineProperty(target, name, { value: refuse(what), writable: false, configurable: false, enumerable: false });
}

/**
 * Closes the network to everything this process runs next (decision 0035). Node's permission model
 * guards files, processes, workers, addons and the inspector, and denies `process.binding`, but
 * not sockets before Node 25: every way to a socket goes through these (http, https, http2, tls,
 * fetch and WebSocket through net's Socket.connect; DNS lookups and queries through dns), and no
 * code after this can reach the handles beneath them.
 */
export function closeNetwork(): void {
  seal(net.Socket.prototype, 'connect', 'connect');
  seal(net.Server.prototype, 'listen', 'listen');
  seal(dgram.Socket.prototype, 'bind', 'udp');
  seal(dgram.Socket.prototype, 'send', 'udp');
  for (const target of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype]) {
    for (const name of Object.getOwnPropertyNames(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, name)!;
      if (name !== 'constructor' && !/^[A-Z]/.test(name) && typeof descriptor.value === 'function')
        seal(target, name, `dns.${name}`);
    }
  }
  syncBuiltinESMExports();
}
