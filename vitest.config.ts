import { defineConfig } from 'vitest/config';

/**
 * Browser journeys test the UI, which is the same on either database: they run once, on the
 * embedded one (CI's PGlite pass), and are left out when DATABASE_URL points at PostgreSQL.
 */
const browserJourneys = process.env.DATABASE_URL
  ? []
  : [
      {
        // Real Chromium: one file at a time keeps two cores for the browser and the server.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Against the built server (dist/), started in the test's own process on a free port.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...browserJourneys,
    ],
  },
});
