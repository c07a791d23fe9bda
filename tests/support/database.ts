import { closeDatabase, database } from '../../src/server/db/client';
import { ensureFirstAdmin } from '../../src/server/db/first-run';
import { migrate } from '../../src/server/db/migrate';
import { config } from '../../src/server/config';
import { admins } from '../../src/server/db/schema';
import type { Actor } from '../../src/server/http/admin-request';
import { prepareTestEnvironment } from './server';

/**
 * A migrated database with the test admin for service tests, without an HTTP server: a copy of
 * the run's template (PGlite in a temp dir, or a new database on DATABASE_URL's server).
 * `actor` is the test admin, as the endpoints pass the signed-in admin to the services. `env` sets
 * more of the configuration (SMTP_URL for a test mailbox, PUBLIC_URL…).
 */
export async function openTestDatabase(env: Record<string, string | undefined> = {}) {
  const environment = await prepareTestEnvironment(env);
  const db = await database();
  // A no-op on a template copy; what makes a database when the project has no template.
  await migrate(db);
  await ensureFirstAdmin(db, config(), () => {});
  const [admin] = await db.db.select({ id: admins.id }).from(admins).limit(1);
  const actor: Actor = { adminId: admin!.id, ip: '203.0.113.1' };
  return {
    db,
    actor,
    async close() {
      await closeDatabase();
      await environment.drop();
    },
  };
}
