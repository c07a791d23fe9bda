import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { newToken } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from './client';
import { admins } from './schema';
import { seedDemoData } from './seed';

/** Small enough to seed in a second or two on first start, big enough for every screen to show something. */
export const DEMO_COUNTS = { users: 250, games: 2500 } as const;
export const DEMO_EMAIL = 'admin@example.com';
/**
 * The demo Owner is a person, as every admin of a real team is: "Admin" on the audit log, the
 * avatar and the replies would read as a role, not as someone who did something.
 */
export const DEMO_OWNER = { firstName: 'Alex', lastName: 'Morgan' } as const;

export type FirstRunOutcome = 'existing' | 'configured-admin' | 'demo-admin' | 'no-admin';

/**
 * Gives an empty database its first administrator (DESIGN.md §7): ADMIN_EMAIL/ADMIN_PASSWORD when
 * set; otherwise, on the embedded database only, a demo admin with a random password printed once,
 * plus demo data. A PostgreSQL server without ADMIN_EMAIL is left alone: nobody gets a demo account
 * on a real database by accident.
 */
export async function ensureFirstAdmin(
  database: Database,
  cfg: Config,
  log: (line: string) => void,
): Promise<FirstRunOutcome> {
  const [{ admins: existing = 0 } = {}] = await database.db.select({ admins: count() }).from(admins);
  if (existing > 0) return 'existing';

  if (cfg.ADMIN_EMAIL && cfg.ADMIN_PASSWORD) {
    await insertAdmin(database, cfg.ADMIN_EMAIL, cfg.ADMIN_PASSWORD);
    if (cfg.SEED_DEMO) await seedDemoData(database, DEMO_COUNTS);
    log(
      `Created the first administrator ${cfg.ADMIN_EMAIL}; the first sign-in asks them for their own password.`,
    );
    return 'configured-admin';
  }
  if (database.kind !== 'pglite') {
    log('No administrator yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one.');
    return 'no-admin';
  }
  const password = newToken(12);
  await insertAdmin(database, DEMO_EMAIL, password, DEMO_OWNER);
  await seedDemoData(database, DEMO_COUNTS);
  log(
    [
      '',
      'A demo administrator and demo data were created. Sign in at ' + `${cfg.publicUrl}/ with:`,
      `  email:    ${DEMO_EMAIL}`,
      `  password: ${password}`,
      'This password is shown only once, and works once: the first sign-in asks for your own.',
      '',
    ].join('\n'),
  );
  return 'demo-admin';
}

/**
 * A configured first admin (ADMIN_EMAIL) is a real person whose name the deployment does not say:
 * "Admin" until they write theirs on their profile, rather than a name made up for them.
 */
async function insertAdmin(
  database: Database,
  email: string,
  password: string,
  names: { firstName: string; lastName: string } = { firstName: 'Admin', lastName: '' },
): Promise<void> {
  await database.db
    .insert(admins)
    // A printed or configured password is known to more than its admin (a console, a deployment's
    // settings): it works for one sign-in, which must then choose the admin's own password.
    .values({
      ...names,
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      // The first admin of a deployment holds every permission, and grants the others theirs.
      role: 'owner',
    })
    .onConflictDoNothing();
}
