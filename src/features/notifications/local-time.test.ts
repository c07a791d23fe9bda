import { describe, expect, it } from 'vitest';
import { describeZone, utcToZoned, zonedToUtc, zoneOffset } from './local-time';

describe('the schedule in the admin’s time zone', () => {
  it('turns a wall-clock date and time into the UTC instant, in zones east and west', () => {
    expect(zonedToUtc('2025-07-01', '09:30', 'Europe/Bucharest')).toBe('2025-07-01T06:30:00.000Z');
    expect(zonedToUtc('2025-01-15', '09:30', 'Europe/Bucharest')).toBe('2025-01-15T07:30:00.000Z');
    expect(zonedToUtc('2025-07-01', '09:30', 'America/New_York')).toBe('2025-07-01T13:30:00.000Z');
    expect(zonedToUtc('2025-12-31', '23:45', 'Asia/Shanghai')).toBe('2025-12-31T15:45:00.000Z');
    expect(zonedToUtc('2025-06-10', '00:00', 'UTC')).toBe('2025-06-10T00:00:00.000Z');
    // Half-hour zones and a day boundary crossed backwards.
    expect(zonedToUtc('2025-03-01', '02:00', 'Asia/Kolkata')).toBe('2025-02-28T20:30:00.000Z');
  });

  it('reads the offset on the right side of a daylight-saving change', () => {
    // Paris moves from +1 to +2 at 02:00 local on 30 March 2025.
    expect(zonedToUtc('2025-03-30', '01:59', 'Europe/Paris')).toBe('2025-03-30T00:59:00.000Z');
    expect(zonedToUtc('2025-03-30', '03:00', 'Europe/Paris')).toBe('2025-03-30T01:00:00.000Z');
    // 02:30 does not exist that night: it lands an hour later, where clocks show 03:30.
    expect(utcToZoned(zonedToUtc('2025-03-30', '02:30', 'Europe/Paris')!, 'Europe/Paris')).toEqual({
      date: '2025-03-30',
      time: '03:30',
    });
    expect(zoneOffset(Date.parse('2025-03-30T00:30:00Z'), 'Europe/Paris')).toBe(3_600_000);
    expect(zoneOffset(Date.parse('2025-03-30T01:30:00Z'), 'Europe/Paris')).toBe(7_200_000);
  });

  it('refuses dates and times that do not exist', () => {
    expect(zonedToUtc('2025-02-30', '10:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2025-13-01', '10:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2025-06-01', '24:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2025-06-01', '10:60', 'UTC')).toBeNull();
    expect(zonedToUtc('', '10:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2025-06-01', '', 'UTC')).toBeNull();
    expect(zonedToUtc('1 June 2025', '10:00', 'UTC')).toBeNull();
  });

  it('shows a stored instant back on the admin’s clock, the inverse of the above', () => {
    for (const zone of ['Europe/Bucharest', 'America/Los_Angeles', 'Asia/Shanghai', 'Australia/Adelaide']) {
      for (const [date, time] of [
        ['2025-01-31', '23:15'],
        ['2025-07-04', '00:05'],
        ['2025-10-26', '12:00'],
      ] as const) {
        expect(utcToZoned(zonedToUtc(date, time, zone)!, zone)).toEqual({ date, time });
      }
    }
  });

  it('names the zone with its offset', () => {
    const text = describeZone('Europe/Bucharest', 'en', new Date('2025-07-01T12:00:00Z'));
    expect(text).toBe('Europe/Bucharest (GMT+3)');
    expect(describeZone('America/New_York', 'en', new Date('2025-01-01T12:00:00Z'))).toBe(
      'America/New York (GMT-5)',
    );
  });
});
