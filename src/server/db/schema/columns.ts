import { sql } from 'drizzle-orm';
import { check, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Integer identity key: ids are integers in the API contract (DESIGN.md §6). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A CHECK that a text column holds one of a fixed set of values: the database's own last line
 * behind the zod enums, so no other writer (a script, a psql session) can store a bad status.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
