import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded and a dotted IPv4 tail turned into two. */
function groupsOf(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...front, ...new Array<number>(missing).fill(0), ...back];
}

/** The IPv4 address an IPv4-mapped IPv6 address maps (`::ffff:203.0.113.9`, `::ffff:cb00:7109`), else null. */
export function mappedIPv4(address: string): string | null {
  if (!isIPv6(address)) return null;
  const groups = groupsOf(address.toLowerCase());
  if (!groups || !groups.slice(0, 5).every((group) => group === 0) || groups[5] !== 0xffff) return null;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/**
 * What throttles count an address as: an IPv4 address as itself (an IPv4-mapped IPv6 address, in
 * either spelling, as the IPv4 address it maps), an IPv6 address as its /64. One subscriber, one
 * host or one cloud instance is routinely given a whole /64, so counting each of its 2^64
 * addresses apart would hand every caller a fresh allowance per request.
 */
export function addressBucket(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = groupsOf(address);
  if (!groups) return address;
  const mapped = mappedIPv4(address);
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
