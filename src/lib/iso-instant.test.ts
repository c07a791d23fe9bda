import { describe, expect, it } from 'vitest';
import { isoInstant } from './iso-instant';

const accepts = (value: string) => isoInstant.safeParse(value).success;

describe('an ISO 8601 instant with its offset', () => {
  it('takes RFC 3339 and the two ISO 8601 forms clients have always sent', () => {
    expect(accepts('2024-05-01T10:00:00Z')).toBe(true);
    expect(accepts('2024-05-01T10:00:00.123456+02:00')).toBe(true);
    expect(accepts('2024-05-01T10:00Z')).toBe(true);
    expect(accepts('2024-05-01T10:00:00+0200')).toBe(true);
    expect(accepts('2024-02-29T00:00:00Z')).toBe(true);
  });

  it('refuses no offset, a day that does not exist, and anything else', () => {
    for (const value of [
      '2024-05-01T10:00:00',
      '2024-05-01 10:00:00Z',
      '2023-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T10:00:00+02',
      'tomorrow',
    ]) {
      expect(accepts(value), value).toBe(false);
    }
  });
});
