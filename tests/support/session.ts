import { eq, sql } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { TEST_ADMIN } from './server';

/**
 * Signs an admin in without the sign-in screens: inserts a session row through the same service
 * the sign-in flow uses and returns the token (for the cookie or a bearer header). The user agent
 * is what the sessions list will show for it.
 */
export async function createTestSession(email = TEST_ADMIN.email, userAgent = 'vitest'): Promise<string> {
  const [admin] = await (
    await db()
  )
    .select({ id: admins.id })
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email.toLowerCase()));
  if (!admin) throw new Error(`No admin ${email} in the test database`);
  return createSession(admin.id, { userAgent });
}

export function sessionCookie(token: string): string {
  return `session=${token}`;
}

/** A session for an admin by id (one added straight to the database). */
export function createTestSessionFor(adminId: number, userAgent = 'vitest'): Promise<string> {
  return createSession(adminId, { userAgent });
}
