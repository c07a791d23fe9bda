import { eq, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { images, type StoredImage } from '../db/schema';
import { IMAGE_REFERENCES } from '../db/schema/image-references';
import type { PreparedImage } from './prepare';

const URL_PATTERN = /^\/images\/([0-9a-f]{64})\.webp$/;

export function imageUrl(hash: string): string {
  return `/images/${hash}.webp`;
}

export function hashFromUrl(url: string | null | undefined): string | null {
  return URL_PATTERN.exec(url ?? '')?.[1] ?? null;
}

/**
 * Saves a prepared image (once per content) inside the caller's transaction and returns its URL.
 * The upsert locks the row until the transaction ends, so a concurrent {@link releaseImage} of the
 * same picture waits and then sees the new reference.
 */
export async function storeImage(tx: Tx, image: PreparedImage): Promise<string> {
  await tx
    .insert(images)
    .values(image)
    .onConflictDoUpdate({ target: images.hash, set: { hash: sql`excluded.hash` } });
  return imageUrl(image.hash);
}

/**
 * Drops an image nothing refers to any more (a replaced or removed avatar). Call it after the
 * referring row was changed, in the same transaction. The row lock first, then a fresh statement:
 * under READ COMMITTED that statement sees every reference committed while we waited.
 */
export async function releaseImage(tx: Tx, url: string | null | undefined): Promise<void> {
  const hash = hashFromUrl(url);
  if (!hash) return;
  await tx.execute(sql`SELECT 1 FROM images WHERE hash = ${hash} FOR UPDATE`);
  const ref = imageUrl(hash);
  const unused = IMAGE_REFERENCES.map(
    (column) => sql`NOT EXISTS (SELECT 1 FROM ${column.table} WHERE ${column} = ${ref})`,
  );
  await tx.execute(sql`DELETE FROM images WHERE hash = ${hash} AND ${sql.join(unused, sql` AND `)}`);
}

export async function findImage(hash: string, database: Db | Tx | null = null): Promise<StoredImage | null> {
  const [row] = await (database ?? (await db())).select().from(images).where(eq(images.hash, hash));
  return row ?? null;
}
