// `npm run bench:purge`: a sign-in flood from many addresses against the real throttle, challenge
// and session code, with the background purge (src/server/auth/purge.ts) run as each server runs
// it, over simulated days. Between rounds the clock is moved by rewriting the rows' timestamps
// back an hour, so two days pass in a minute. Prints the four tables' sizes per simulated hour
// beside what they would hold unpurged, and the purge's time per round and per batch statement.
// A measurement tool: it exits 0 whatever the figures, 1 only when it could not measure.
//
//   npm run bench:purge                                      PGlite in a temp dir
//   DATABASE_URL=postgres://…/empty npm run bench:purge      on PostgreSQL
//   npm run bench:purge -- --hours 48 --tries 2000 --sign-ins 100   (the defaults)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    hours: { type: 'string', default: '48' },
    tries: { type: 'string', default: '2000' },
    'sign-ins': { type: 'string', default: '100' },
  },
  strict: true,
});
const HOURS = Number(values.hours);
const TRIES_PER_HOUR = Number(values.tries);
const SIGN_INS_PER_HOUR = Number(values['sign-ins']);

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-purge-'));
if (dataDir) process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'silent';

const { sql } = await import('drizzle-orm');
const { database, closeDatabase } = await import('../src/server/db/client');
const { migrate } = await import('../src/server/db/migrate');
const { rowsOf } = await import('../src/server/db/rows');
const { admins } = await import('../src/server/db/schema');
const { claimPasswordTry, passwordKeys } = await import('../src/server/auth/password-throttle');
const { issueChallenge } = await import('../src/server/auth/challenges');
const { createSession } = await import('../src/server/auth/sessions');
const { purgeSignInLeftovers, SWEEP_BATCH } = await import('../src/server/auth/purge');

const TABLES = ['login_throttles', 'otp_challenges', 'sessions', 'admin_invites'] as const;

const { serverSecret } = await import('../src/server/auth/server-secret');

const run = await database();
await migrate(run);
// As the server does at start: PGlite has one connection, so no transaction may wait for a first read.
await serverSecret('otp-hmac');
const [admin] = await run.db
  .insert(admins)
  .values({
    firstName: 'Bench',
    lastName: 'Purge',
    email: `bench.purge.${Date.now()}@example.test`,
    passwordHash: 'x',
  })
  .returning({ id: admins.id });

async function sizes(): Promise<Record<(typeof TABLES)[number], number>> {
  const [row] = await rowsOf<Record<string, number>>(
    run.db,
    sql.raw(`SELECT ${TABLES.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`),
  );
  return row as Record<(typeof TABLES)[number], number>;
}

/** Every timestamp the purge reads, an hour earlier: an hour passes for these rows. */
async function anHourPasses(): Promise<void> {
  await run.db.execute(sql`UPDATE login_throttles SET last_try_at = last_try_at - interval '1 hour',
    window_started_at = window_started_at - interval '1 hour', blocked_until = blocked_until - interval '1 hour'`);
  await run.db.execute(sql`UPDATE otp_challenges SET expires_at = expires_at - interval '1 hour',
    code_expires_at = code_expires_at - interval '1 hour'`);
  await run.db.execute(sql`UPDATE sessions SET expires_at = expires_at - interval '1 hour',
    last_seen_at = last_seen_at - interval '1 hour'`);
}

let address = 0;
/** One hour of flood: failed passwords from new addresses at new and known emails, and real sign-ins. */
async function floodHour(hour: number): Promise<void> {
  for (let n = 0; n < TRIES_PER_HOUR; n++) {
    address += 1;
    const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const email = n % 10 === 0 ? 'known@example.test' : `guess.${hour}.${n}@example.test`;
    await claimPasswordTry(passwordKeys(email, ip));
  }
  for (let n = 0; n < SIGN_INS_PER_HOUR; n++) {
    await run.db.transaction((tx) =>
      issueChallenge(tx, admin!.id, 'login', { tokenBytes: 32, lifetimeMs: 10 * 60_000 }),
    );
    await createSession(admin!.id, { userAgent: 'bench', ip: '203.0.113.1' });
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const rounds: { hour: number; sizes: Awaited<ReturnType<typeof sizes>>; purgeMs: number; deleted: number }[] =
  [];
let unpurged = { login_throttles: 0, otp_challenges: 0, sessions: 0 };
try {
  for (let hour = 1; hour <= HOURS; hour++) {
    const before = await sizes();
    await floodHour(hour);
    const after = await sizes();
    unpurged = {
      login_throttles: unpurged.login_throttles + after.login_throttles - before.login_throttles,
      otp_challenges: unpurged.otp_challenges + after.otp_challenges - before.otp_challenges,
      sessions: unpurged.sessions + after.sessions - before.sessions,
    };
    await anHourPasses();
    const started = performance.now();
    const counts = await purgeSignInLeftovers();
    const purgeMs = performance.now() - started;
    const deleted = counts.sessions + counts.challenges + counts.throttles + counts.invites;
    rounds.push({ hour, sizes: await sizes(), purgeMs, deleted });
    if (hour % 6 === 0 || hour === 1) {
      const last = rounds.at(-1)!;
      console.log(
        `hour ${String(hour).padStart(3)}: throttles ${last.sizes.login_throttles} (unpurged ${unpurged.login_throttles}), ` +
          `challenges ${last.sizes.otp_challenges} (${unpurged.otp_challenges}), sessions ${last.sizes.sessions} (${unpurged.sessions}); ` +
          `purge ${purgeMs.toFixed(0)} ms for ${deleted} rows`,
      );
    }
  }
  // Once a day has passed the purge keeps up: the size should hold steady from then on.
  const secondDay = rounds.filter((round) => round.hour > 24);
  const steady = secondDay.length ? secondDay : rounds;
  const peak = Math.max(...rounds.map((round) => round.sizes.login_throttles));
  const batches = rounds.map((round) => round.purgeMs / Math.max(1, Math.ceil(round.deleted / SWEEP_BATCH)));
  console.log(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${HOURS} simulated hours, ` +
      `${TRIES_PER_HOUR} failed sign-ins and ${SIGN_INS_PER_HOUR} sign-ins an hour`,
  );
  console.log(
    `throttle rows: peak ${peak}, ${secondDay.length ? 'after hour 24' : 'all'} min–max ${Math.min(...steady.map((r) => r.sizes.login_throttles))}–` +
      `${Math.max(...steady.map((r) => r.sizes.login_throttles))}, unpurged at the end ${unpurged.login_throttles}`,
  );
  console.log(
    `challenges at the end ${rounds.at(-1)!.sizes.otp_challenges} (unpurged ${unpurged.otp_challenges}), ` +
      `sessions ${rounds.at(-1)!.sizes.sessions} (unpurged ${unpurged.sessions})`,
  );
  console.log(
    `purge per round: median ${median(rounds.map((r) => r.purgeMs)).toFixed(0)} ms, ` +
      `max ${Math.max(...rounds.map((r) => r.purgeMs)).toFixed(0)} ms; a round's time over its batches of ${SWEEP_BATCH}: median ` +
      `${median(batches).toFixed(0)} ms, max ${Math.max(...batches).toFixed(0)} ms`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
