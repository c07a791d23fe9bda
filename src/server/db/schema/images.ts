import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer; callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, re-encoded (WebP, no metadata) and kept in the database so every instance that
 * shares it serves every image (DESIGN.md §8). Keyed by the SHA-256 of the stored bytes: the same
 * picture uploaded twice is one row, and its URL (`/images/<hash>.webp`) never changes meaning.
 */
export const images = pgTable('images', {
  hash: text('hash').primaryKey(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StoredImage = typeof images.$inferSelect;
