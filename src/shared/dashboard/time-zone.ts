import { dateTimeFormat } from '../../lib/format';

/**
 * An IANA zone name ("Europe/Paris", "Asia/Kolkata", "UTC") that this runtime knows. Offsets such
 * as "+05:30" are refused: PostgreSQL reads a bare offset as a POSIX zone, with the sign inverted.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) return false;
  try {
    dateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
