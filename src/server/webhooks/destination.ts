import { lookup } from 'node:dns/promises';
import net, { BlockList } from 'node:net';
import { config } from '../config';

/**
 * Where a webhook may go (DESIGN.md §8, SSRF): http or https only, and never to an address of our
 * own network: loopback, private, carrier-grade NAT, link-local (169.254.169.254, the cloud
 * metadata service, among them), unique-local IPv6, multicast and reserved ranges. Checked when
 * the endpoint is registered and again, on the address actually connected to, at every delivery
 * (a name may resolve elsewhere by then: DNS rebinding). Hosts in WEBHOOK_ALLOW_HOSTS are exempt.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
// Azure's metadata and DNS host is a public address, reachable from every VM.
refused.addAddress('168.63.129.16', 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address a webhook must never reach. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? refused.check(v4, 'ipv4') : refused.check(address, 'ipv6');
}

/** The host as the URL names it, without IPv6 brackets, in lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export function isAllowedHost(host: string): boolean {
  return config().WEBHOOK_ALLOW_HOSTS.includes(host);
}

export type DestinationProblem = 'scheme' | 'address' | 'unresolved';

/**
 * Why `raw` may not receive webhooks, or null when it may: resolves the name (every address it
 * has must be acceptable, since the connection may take any of them).
 */
export async function destinationProblem(raw: string): Promise<DestinationProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'scheme';
  const host = hostOf(url);
  if (isAllowedHost(host)) return null;
  if (net.isIP(host)) return isRefusedAddress(host) ? 'address' : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.some(({ address }) => isRefusedAddress(address)) ? 'address' : null;
}
