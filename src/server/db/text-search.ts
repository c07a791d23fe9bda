import { sql, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` typed by a person are text, not wildcards (`\` is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * "Contains", case-insensitive, as ILIKE '%…%' over `haystack`: the pg_trgm GIN index on that same
 * expression serves it for three characters or more.
 */
export function contains(haystack: SQL, search: string): SQL {
  return sql`${haystack} ILIKE ${`%${escapeLike(search)}%`}`;
}
