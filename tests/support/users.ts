import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '../../src/server/db/client';
import { users, type NewUser } from '../../src/server/db/schema';
import type { Envelope } from '../../src/lib/envelope';
import { asBrowserWhenCookie, type Answer } from './api';

/** Adds users straight to the test database; returns their ids in order. */
export async function insertUsers(rows: Partial<NewUser>[]): Promise<number[]> {
  const values = rows.map((row, index) => ({
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `user${index}.${Math.random().toString(36).slice(2, 8)}@example.test`,
    ...row,
  }));
  const inserted = await (await db()).insert(users).values(values).returning({ id: users.id });
  return inserted.map((row) => row.id);
}

/** `count` plain users in one set-based statement (for batches and totals). */
export async function insertManyUsers(count: number, prefix: string): Promise<void> {
  await (
    await db()
  ).execute(sql`
    INSERT INTO users (first_name, last_name, email)
    SELECT ${prefix}, 'Bulk' || g, ${prefix} || '.' || g || '@bulk.test' FROM generate_series(1, ${count}) AS g`);
}

export function png(width = 64, height = 64, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface Upload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** POSTs a multipart form (text fields + optional file) with a session cookie, as the islands do. */
export async function postForm<Body = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  token: string,
  file?: Upload,
  fileField = 'profile',
): Promise<Answer<Body>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: asBrowserWhenCookie({ cookie: `session=${token}` }),
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<Body>,
  };
}
