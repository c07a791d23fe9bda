import type { IncomingMessage } from 'node:http';
import { mappedIPv4 } from './address-bucket';

/**
 * Maps IPv4-mapped IPv6 (`::ffff:127.0.0.1`, or `::ffff:7f00:1`) to plain IPv4 so addresses
 * compare as people write them.
 */
function normalise(address: string): string {
  return mappedIPv4(address) ?? address;
}

/**
 * The client's address: the socket peer, unless that peer is a trusted proxy, in which case the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy. Anything else a client sends
 * in X-Forwarded-For is ignored, so nobody can pick their own address to dodge throttling.
 */
export function clientIp(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = normalise(req.socket.remoteAddress ?? '');
  if (!trustedProxies.includes(peer)) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => normalise(part.trim()))
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index--) {
    if (!trustedProxies.includes(forwarded[index]!)) return forwarded[index]!;
  }
  return peer;
}
