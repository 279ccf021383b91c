import net from 'node:net';

/**
 * One client as its address can name it, for counting clients rather than requests: an IPv4
 * address as it is, an IPv6 address as its /64. An IPv6 subscriber is given a /64 (RFC 6177) and a
 * single machine may take any of its 2^64 addresses, so counting IPv6 addresses one by one lets
 * one visitor pass as any number. An IPv4 address inside IPv6 (`::ffff:a.b.c.d`, how a dual-stack
 * server sees IPv4 clients) is that IPv4 address.
 */
export function clientNetwork(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!net.isIPv6(ip)) return ip;
  const groups = hextets(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a trailing dotted IPv4 part expanded. */
function hextets(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  const text = dotted
    ? `${ip.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : ip;
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const missing = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...missing, ...after].map((group) => parseInt(group, 16));
}
