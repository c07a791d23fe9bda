import { eq } from 'drizzle-orm';
import type { AdminStatus } from '../../src/shared/admins/admin-input';
import { NO_PASSWORD_HASH } from '../../src/server/admins/shared';
import { hashPassword } from '../../src/server/auth/passwords';
import { createSession } from '../../src/server/auth/sessions';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';

/**
 * Adds admins straight to the test database (the server under test shares it), one per journey,
 * so throttles, challenges and password changes of one journey never reach another. They share
 * one password hash: scrypt is deliberately slow.
 */
export async function createAdmins(emails: string[], password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await (await db()).insert(admins).values(
    emails.map((email) => ({
      firstName: 'Test',
      lastName: 'Admin',
      email,
      passwordHash,
      role: 'administrator',
    })),
  );
}

/**
 * Another admin, straight into the database; their id. They never sign in: an invited one has no
 * password yet (as after an invitation), the others a hash no password matches.
 */
export async function addAdmin(
  firstName: string,
  status: AdminStatus = 'active',
  lastName = 'Helper',
): Promise<number> {
  const [row] = await (
    await db()
  )
    .insert(admins)
    .values({
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.test`,
      passwordHash: status === 'invited' ? NO_PASSWORD_HASH : 'test$never-signs-in',
      status,
      role: 'administrator',
    })
    .returning({ id: admins.id });
  return row!.id;
}

/** An active admin holding `role` (a built-in key or a custom one), with a session: their id and token. */
export async function adminWithRole(
  role: string,
  firstName = 'Role',
): Promise<{ id: number; token: string }> {
  const id = await addAdmin(firstName);
  const database = await db();
  await database.update(admins).set({ role }).where(eq(admins.id, id));
  return { id, token: await createSession(id, { userAgent: 'vitest' }) };
}
