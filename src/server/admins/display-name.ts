import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * An admin's name as lists show it: "First Last" trimmed (the first admin may have no last name),
 * null when there is none or the admin row is gone (a left join).
 */
export const adminDisplayName = (first: PgColumn, last: PgColumn) =>
  sql<string | null>`nullif(trim(${first} || ' ' || ${last}), '')`;
