import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Every role an admin can hold. The six built-in ones (shared/roles/permissions.ts) have rows so
 * `admins.role` can reference them, but their permissions come from code; a custom role's are
 * stored here, prerequisites included. A role in use cannot be deleted (the foreign key).
 */
export const roles = pgTable(
  'roles',
  {
    /** `owner`, `administrator`, … for the built-in ones; `custom-<random>` for custom ones. */
    key: text('key').primaryKey(),
    /** A custom role's name; empty for the built-in ones, which are named by the catalogues. */
    name: text('name').notNull().default(''),
    permissions: text('permissions').array().notNull().default([]),
    builtIn: boolean('built_in').notNull().default(false),
    /** Holders must sign in with a second factor (passkey or app) after MFA_GRACE_DAYS. */
    requireMfa: boolean('require_mfa').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.name} <> ''`),
  ],
);
export type Role = typeof roles.$inferSelect;
