import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressBucket('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one /64 as one, however it is written', () => {
    const spellings = [
      '2001:db8:a:b::1',
      '2001:db8:a:b:ffff:ffff:ffff:ffff',
      '2001:0DB8:000a:000b:1234:5678:9abc:def0',
      '2001:db8:a:b::1%eth0',
      '2001:db8:a:b:0:0:1.2.3.4',
    ];
    expect(new Set(spellings.map(addressBucket))).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(addressBucket('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves what is not an address alone', () => {
    expect(addressBucket('')).toBe('');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
