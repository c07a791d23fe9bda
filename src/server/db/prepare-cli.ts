/**
 * `npm run dev` runs this first: `astro dev` serves pages without our Node entry, so nothing else
 * would migrate a fresh data dir or give it its first admin. It does what the entry does at start
 * (migrations, then the first admin or the demo one, printed once) and closes the database again,
 * since a PGlite data dir serves one process at a time. Exit codes: 0 ready, 1 failed, 2 bad env.
 */
import { config, ConfigError } from '../config';
import { openDatabase } from './client';
import { ensureFirstAdmin } from './first-run';
import { migrate } from './migrate';

async function prepare(): Promise<number> {
  let cfg;
  try {
    cfg = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase({ url: cfg.DATABASE_URL, dataDir: cfg.dataDir });
  try {
    await migrate(database);
    await ensureFirstAdmin(database, cfg, (line) => console.log(line));
    return 0;
  } finally {
    await database.close();
  }
}

prepare().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Preparing the database failed:', error);
    process.exit(1);
  },
);
