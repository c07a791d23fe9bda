import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Browser journeys test the UI, which is the same on either database: they run once, on the
 * embedded one (CI's PGlite pass), and are left out when DATABASE_URL points at PostgreSQL.
 */
const browserJourneys = onPostgres
  ? []
  : [
      {
        // Real Chromium, in the same pool as the other projects (Vitest runs projects with a pool
        // size of their own one after the other): a journey mostly waits on its browser and server.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          pool: 'threads',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits on the page (a smooth scroll, a debounced search): its default second
          // is short for a browser on a busy 2-core machine (a CI run failed on it). A poll that
          // passes returns at once, so only a failing one waits the whole time.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ];

/**
 * `npm test`'s second pass (SECOND_DATABASE_PASS, on PostgreSQL after a full run on PGlite) runs
 * again what the database can change: server code's tests, not the client's, the catalogues' or
 * the tooling's. Of those, these come out the same on either database, so a second run would
 * repeat the first:
 */
const secondPass = process.env.SECOND_DATABASE_PASS === '1';
const sameOnEitherDatabase = [
  // they start their own processes on a fresh embedded database whatever is configured;
  'src/server/db/prepare-cli.test.ts',
  'tests/api/process.test.ts',
  // they time password hashing, or what hashing at the real cost does to a server;
  'src/server/auth/passwords.test.ts',
  'src/server/admins/shared.test.ts',
  'tests/api/password-hashing.test.ts',
  // the log's opens both drivers itself;
  'src/server/log.test.ts',
  // they test HTTP before any query (methods, headers, origins, body limits) or what a page
  // renders and prints from data any database returns alike.
  'tests/api/early-answers.test.ts',
  'tests/api/form-post-limits.test.ts',
  'tests/api/origin-behind-proxy.test.ts',
  'tests/api/origin-checks.test.ts',
  'tests/api/origin-rules.test.ts',
  'tests/api/intl-per-request.test.ts',
  'tests/api/ssr-cache.test.ts',
  'tests/api/shell-markup.test.ts',
  'tests/api/mail-console.test.ts',
  // they weigh what the build sends and what a page renders from the demo data.
  'tests/api/page-weight.test.ts',
];
const unitFiles = secondPass
  ? ['src/server/**/*.test.{ts,tsx}']
  : ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];
const exclude = [...configDefaults.exclude, ...(secondPass ? sameOnEitherDatabase : [])];

export default defineConfig({
  test: {
    // Three files at a time on two cores, whichever project they belong to: most of a test's time
    // is waiting on its server, database or browser (Vitest's default here is one).
    maxWorkers: 3,
    // A worker keeps its modules from one test file to the next instead of importing the built
    // server, PGlite and Playwright again for each (about half the API tests' CPU time). The
    // worker's environment is put back before each file (the setup file) and whenever a test
    // server or database starts (tests/support/environment.ts), so no file sees another's settings.
    isolate: false,
    setupFiles: ['tests/support/each-file.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: unitFiles,
          exclude,
          environment: 'node',
          // Service tests open a copy of the migrated template (tests/support/database.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Against the built server (dist/), started in the test's own process on a free port.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...browserJourneys,
    ],
  },
});
