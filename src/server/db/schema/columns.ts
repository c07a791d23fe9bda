import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Integer identity key: ids are integers in the API contract (DESIGN.md §6). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
