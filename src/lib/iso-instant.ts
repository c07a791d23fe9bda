import * as z from 'zod/mini';

/** A date and time with its offset; seconds (with any fraction) and the offset's colon optional. */
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const isInstant = (value: string) => {
  const day = INSTANT.exec(value)?.[1];
  return day !== undefined && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
};

/**
 * An ISO 8601 instant with its offset (`2024-05-01T10:00:00Z`, `…T12:00:00.5+02:00`), as the API
 * has always taken it: also without seconds (`…T10:00Z`) or with `+0200` for `+02:00`, on a day that
 * exists. zod 4's `z.iso.datetime({ offset: true })` is strict RFC 3339, which needs both, so it
 * would refuse what clients send today.
 */
export const isoInstant = z.string().check(z.refine(isInstant, 'validation.invalid'));
