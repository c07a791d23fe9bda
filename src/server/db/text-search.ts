import { sql, type SQL } from 'drizzle-orm';
import { hasControlCharacter } from '../../lib/control-characters';

/** `%`, `_` and `\` typed by a person are text, not wildcards (`\` is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * "Contains", case-insensitive, as ILIKE '%…%' over `haystack`: the pg_trgm GIN index on that same
 * expression serves it for three characters or more. Stored text holds no control characters (every
 * writer refuses them, and PostgreSQL cannot hold NUL at all), so a search with one matches nothing
 * rather than reaching SQL.
 */
export function contains(haystack: SQL, search: string): SQL {
  if (hasControlCharacter(search)) return sql`false`;
  return sql`${haystack} ILIKE ${`%${escapeLike(search)}%`}`;
}
