import { hashPassword } from '../../src/server/auth/passwords';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';

/**
 * Adds admins straight to the test database (the server under test shares it), one per journey,
 * so throttles, challenges and password changes of one journey never reach another. They share
 * one password hash: scrypt is deliberately slow.
 */
export async function createAdmins(emails: string[], password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await (
    await db()
  )
    .insert(admins)
    .values(emails.map((email) => ({ firstName: 'Test', lastName: 'Admin', email, passwordHash })));
}
