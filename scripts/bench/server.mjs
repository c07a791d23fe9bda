// Starts the built server (dist/main.mjs) inside this process, the way tests/support/server.ts
// does, and signs an admin in by inserting a session row directly.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ADMIN = { email: 'bench@example.test', password: 'bench horse battery staple' };

export async function startBenchServer(distDir) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-bench-'));
  // The configuration is read from process.env on first use, so it must be set before the import.
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Demo data, so the dashboard's charts and the users table render what an admin really sees
    // rather than empty states (which would flatter both the weight and the Lighthouse figures).
    SEED_DEMO: '1',
  });
  // Always the embedded PGlite: the figures must not depend on a database server being around.
  delete process.env.DATABASE_URL;
  delete process.env.PUBLIC_URL;

  const { startServer } = await import(pathToFileURL(path.join(distDir, 'main.mjs')).href);
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const token = await insertSession(ADMIN.email);

  return {
    url: server.url,
    /** Value of the `session` cookie (secure cookies are off: PUBLIC_URL is not https). */
    token,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Same algorithm as src/server/auth/sessions.ts: a random 32-byte base64url token; only its
 * SHA-256 (hex) is stored. The bundle exports no helper, and PGlite allows one opener per data
 * dir, so we use the instance the server registered on globalThis (src/server/process-global.ts).
 */
async function insertSession(email) {
  const database = await globalThis[Symbol.for('puzzle-admin.database')];
  if (!database) throw new Error('The server did not register its database on globalThis');
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  // exec() returns no rows, so the admin id is looked up inside the INSERT. The hash is hex and
  // the email is our own constant, so interpolating them is safe.
  // The configured password would have been changed at the first sign-in: the bench starts after it.
  await database.exec(`
    UPDATE admins SET must_change_password = false WHERE lower(email) = lower('${email}');
    INSERT INTO sessions (token_hash, admin_id, expires_at, user_agent)
    SELECT '${hash}', id, now() + interval '2 hours', 'bench-web'
    FROM admins WHERE lower(email) = lower('${email}')`);
  return token;
}
