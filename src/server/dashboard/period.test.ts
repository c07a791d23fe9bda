import { describe, expect, it } from 'vitest';
import { periodOf } from './period';

describe('the period of a dashboard range', () => {
  it("ends today in the admin's zone, which turns at the zone's midnight", () => {
    const at = (instant: string, tz: string) => periodOf(7, tz, new Date(instant)).to;
    expect(at('2025-06-15T18:29:59.999Z', 'Asia/Kolkata')).toBe('2025-06-15');
    expect(at('2025-06-15T18:30:00.000Z', 'Asia/Kolkata')).toBe('2025-06-16');
    expect(at('2025-06-15T18:30:00.000Z', 'UTC')).toBe('2025-06-15');
    // The same instant is three different days around the date line.
    expect(at('2025-06-15T10:30:00Z', 'Pacific/Kiritimati')).toBe('2025-06-16');
    expect(at('2025-06-15T10:30:00Z', 'Pacific/Pago_Pago')).toBe('2025-06-14');
  });

  it('covers whole calendar days back from today, and as many before it for the comparison', () => {
    const leap = periodOf(30, 'UTC', new Date('2024-03-01T12:00:00Z'));
    expect(leap).toMatchObject({
      previousFrom: '2024-01-02',
      from: '2024-02-01',
      to: '2024-03-01',
      end: '2024-03-02',
    });
    expect(leap.days).toHaveLength(30);
    expect(leap.days).toContain('2024-02-29');
    expect(leap.days.at(-1)).toBe('2024-03-01');

    // A week with a daylight-saving change still has seven days, one of them 23 hours long.
    const spring = periodOf(7, 'America/New_York', new Date('2027-03-17T03:30:00Z'));
    expect(spring).toMatchObject({ from: '2027-03-10', to: '2027-03-16', previousFrom: '2027-03-03' });
    expect(spring.days).toEqual([
      '2027-03-10',
      '2027-03-11',
      '2027-03-12',
      '2027-03-13',
      '2027-03-14',
      '2027-03-15',
      '2027-03-16',
    ]);
    expect(periodOf(90, 'UTC', new Date('2026-01-05T00:00:00Z'))).toMatchObject({
      previousFrom: '2025-07-10',
      from: '2025-10-08',
    });
  });
});
