import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

function request(peer: string, forwarded?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  } as IncomingMessage;
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For from an untrusted peer', () => {
    expect(clientIp(request('::ffff:203.0.113.9', '1.2.3.4'), [])).toBe('203.0.113.9');
  });

  it('reads an IPv4-mapped address in either spelling as its IPv4 address', () => {
    expect(clientIp(request('10.0.0.1', '::ffff:cb00:7109'), ['10.0.0.1'])).toBe('203.0.113.9');
    expect(clientIp(request('::FFFF:CB00:7109'), [])).toBe('203.0.113.9');
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    const proxies = ['10.0.0.1', '10.0.0.2'];
    expect(clientIp(request('10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2'), proxies)).toBe('198.51.100.7');
    expect(clientIp(request('10.0.0.1'), proxies)).toBe('10.0.0.1');
  });
});
