/** DESIGN.md §8: 8 to 1024 characters, counted as Unicode code points of the NFKC form. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
/**
 * Longest raw input worth normalising: NFKC can merge up to a few code points into one (a
 * decomposed Hangul syllable is three), and each code point is at most two UTF-16 units.
 */
const RAW_UNITS_MAX = PASSWORD_MAX * 8;

/**
 * The form a password is hashed, verified and judged in: NFKC, so the same password typed with a
 * different composition (é as one code point or as e + U+0301, full-width letters) is the same.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in code points of the normalised password (a 600-emoji password is 600 long, not 1200). */
export function passwordLength(password: string): number {
  if (password.length > RAW_UNITS_MAX) return password.length;
  let count = 0;
  for (const _ of normalizePassword(password)) count += 1;
  return count;
}
