import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-prepare-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const prepare = () =>
  run(path.join(root, 'node_modules/.bin/tsx'), ['src/server/db/prepare-cli.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
  });

describe('npm run dev prepares the database first (prepare-cli.ts)', () => {
  // Two processes that each open PGlite, and the first seeds the demo data: slow on a busy machine.
  it('migrates a fresh data dir and creates the demo admin once', { timeout: 180_000 }, async () => {
    const first = await prepare();
    expect(first.stdout).toMatch(/email:\s+admin@example\.com\n\s+password:\s+\S{12,}/);
    const second = await prepare();
    expect(second.stdout).not.toContain('password:');

    const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const { rows } = await pglite.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const admins = await pglite.query<{ email: string }>('SELECT email FROM admins');
    await pglite.close();
    expect(rows[0]!.n).toBe(journal.entries.length);
    expect(admins.rows).toEqual([{ email: 'admin@example.com' }]);
  });

  it('names a bad variable and exits 2', async () => {
    const failed = await run(path.join(root, 'node_modules/.bin/tsx'), ['src/server/db/prepare-cli.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: 'abc' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/PORT /);
  });
});
