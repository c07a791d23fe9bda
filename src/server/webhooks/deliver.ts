import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { hostOf, isAllowedHost, isRefusedAddress } from './destination';

/** An endpoint has this long to answer (connection, request and response together). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is kept of an answer: enough to see an error message, never a whole page. */
export const RESPONSE_KEEP_BYTES = 1024;

export interface DeliveryOutcome {
  statusCode: number | null;
  /** Why there is no status: `refused_address`, `timeout`, `connection`. */
  error: string | null;
  response: string | null;
  durationMs: number;
}

class RefusedAddress extends Error {}

/**
 * Resolves as usual, then refuses the connection when the address is one a webhook must not reach:
 * the check is made on the very address the socket connects to, so a name that resolved to a
 * public address at registration and to 127.0.0.1 now (DNS rebinding) is still refused.
 */
const vettedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find(({ address }) => isRefusedAddress(address));
    if (bad || list.length === 0) return callback(new RefusedAddress(hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * One signed POST (Standard Webhooks headers; the timestamp is this attempt's, the id the
 * message's own). Redirects are not followed: a 3xx is an answer like any other non-2xx.
 */
export function deliver(
  target: string,
  secret: string,
  messageId: string,
  payload: string,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(target);
  const host = hostOf(url);
  const allowed = isAllowedHost(host);
  if (!allowed && net.isIP(host) && isRefusedAddress(host)) {
    return Promise.resolve(done({ statusCode: null, error: 'refused_address', response: null }));
  }
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(messageId, timestamp, payload);
  const body = Buffer.from(payload);
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: allowed ? undefined : vettedLookup,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'puzzle-admin-webhooks',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
    request.on('response', (response) => {
      const kept: Buffer[] = [];
      let size = 0;
      const finish = () => {
        response.destroy();
        resolve(
          done({
            statusCode: response.statusCode ?? null,
            error: null,
            response: Buffer.concat(kept).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'),
          }),
        );
      };
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_KEEP_BYTES) kept.push(chunk);
        size += chunk.length;
        // Past the limit the rest is not read: an endpoint cannot make us download a large body.
        if (size >= RESPONSE_KEEP_BYTES) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', (error) => {
      const name = (error as { name?: string }).name;
      const reason =
        error instanceof RefusedAddress || error.cause instanceof RefusedAddress
          ? 'refused_address'
          : name === 'TimeoutError' || name === 'AbortError'
            ? 'timeout'
            : 'connection';
      resolve(done({ statusCode: null, error: reason, response: null }));
    });
    request.end(body);
  });
}
