import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatRelative,
  formatTag,
} from './format';

const instant = '2025-03-12T15:04:05Z';
const utc = { timeZone: 'UTC' } as const;
// Intl separates French thousands with a narrow no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatting for the language', () => {
  it('formats with the tag of each language', () => {
    expect(formatTag('zh')).toBe('zh-CN');
    expect(formatTag('fr')).toBe('fr');
  });

  it('formats dates in each language', () => {
    expect(formatDate(instant, 'en', utc)).toBe('Mar 12, 2025');
    expect(formatDate(instant, 'fr', utc)).toBe('12 mars 2025');
    expect(formatDate(instant, 'ro', utc)).toMatch(/^12 mar\.? 2025$/);
    expect(formatDate(instant, 'zh', utc)).toBe('2025年3月12日');
  });

  it('accepts a Date, an ISO string or epoch milliseconds alike', () => {
    const date = new Date(instant);
    expect(formatDate(date, 'fr', utc)).toBe(formatDate(instant, 'fr', utc));
    expect(formatDate(date.getTime(), 'fr', utc)).toBe(formatDate(instant, 'fr', utc));
  });

  it('formats a date and time with the language’s clock', () => {
    expect(formatDateTime(instant, 'en', utc)).toMatch(/^Mar 12, 2025,? 3:04\sPM$/);
    expect(formatDateTime(instant, 'fr', utc)).toMatch(/^12 mars 2025,? (à )?15:04$/);
    expect(formatDateTime(instant, 'zh', utc)).toMatch(/^2025年3月12日\s?15:04$/);
  });

  it('honours the time zone it is given', () => {
    expect(formatDateTime('2025-03-12T23:30:00Z', 'en', { timeZone: 'Asia/Shanghai' })).toMatch(
      /^Mar 13, 2025,? 7:30\sAM$/,
    );
  });

  it('returns an empty string for a value that is not a date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime(Number.NaN, 'zh')).toBe('');
  });

  it('formats numbers with the language’s separators', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(plain(formatNumber(1234567.5, 'fr'))).toBe('1 234 567,5');
    expect(formatNumber(1234567.5, 'ro')).toBe('1.234.567,5');
    expect(formatNumber(1234567.5, 'zh')).toBe('1,234,567.5');
    expect(plain(formatNumber(0.25, 'fr', { style: 'percent' }))).toBe('25 %');
  });

  it('reuses one formatter per language and options without mixing them up', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1000, 'ro')).toBe('1.000');
    expect(formatNumber(1000, 'en', { maximumFractionDigits: 0, style: 'currency', currency: 'EUR' })).toBe(
      '€1,000',
    );
    expect(formatNumber(1000, 'en')).toBe('1,000');
  });

  it('shares one DateTimeFormat per tag and options, refuses unknown zones, and stays bounded', () => {
    const paris = dateTimeFormat('en-US', { timeZone: 'Europe/Paris' });
    expect(dateTimeFormat('en-US', { timeZone: 'Europe/Paris' })).toBe(paris);
    expect(dateTimeFormat('fr', { timeZone: 'Europe/Paris' })).not.toBe(paris);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    // Zones come from requests: a flood of distinct ones pushes the oldest out instead of growing.
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 300);
    for (const tag of ['en-GB', 'de']) for (const zone of zones) dateTimeFormat(tag, { timeZone: zone });
    expect(dateTimeFormat('en-US', { timeZone: 'Europe/Paris' })).not.toBe(paris);
  });

  it('says how long ago, or how soon, in the largest whole unit, long or short', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    expect(formatRelative(at(-181), 'en', now)).toBe('3 hours ago');
    expect(formatRelative(at(-181), 'en', now, 'short')).toBe('3 hr. ago');
    expect(formatRelative(at(-2 * 24 * 60), 'fr', now, 'short')).toBe('avant-hier');
    // A scheduled send still to come; a clock a few seconds ahead is still "now".
    expect(formatRelative(at(181), 'en', now, 'short')).toBe('in 3 hr.');
    expect(formatRelative(new Date(now + 5_000), 'en', now)).toBe('this minute');
  });

  it('reads durations as m:ss, and as h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(40)).toBe('0:40');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3729)).toBe('1:02:09');
    expect(formatDuration(36_000 + 61)).toBe('10:01:01');
    // Only whole seconds, never below zero: a clock has no "-0:01".
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
