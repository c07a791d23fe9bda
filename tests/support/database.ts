import { closeDatabase, database } from '../../src/server/db/client';
import { ensureFirstAdmin } from '../../src/server/db/first-run';
import { migrate } from '../../src/server/db/migrate';
import { config } from '../../src/server/config';
import { prepareTestEnvironment } from './server';

/**
 * A migrated database for service-level tests, without an HTTP server: PGlite in a temp dir, or a
 * fresh database on the PostgreSQL server when DATABASE_URL is set. It has the test admin.
 */
export async function openTestDatabase() {
  const environment = await prepareTestEnvironment();
  const db = await database();
  await migrate(db);
  await ensureFirstAdmin(db, config(), () => {});
  return {
    db,
    async close() {
      await closeDatabase();
      await environment.drop();
    },
  };
}
