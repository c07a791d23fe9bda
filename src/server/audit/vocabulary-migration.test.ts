import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { rowsOf } from '../db/rows';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

/** Migration 0017's statements, run again over rows written in the words of before. */
const migration = fs
  .readFileSync(new URL('../../../drizzle/0017_audit-vocabulary.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint');

describe('migration 0017 (one word per area in the audit trail)', () => {
  it('rewrites old actions and targets, and leaves today’s words alone', async () => {
    const run = testDb.db.db;
    const before: [string, string | null][] = [
      ['admin.approve', 'admin:3'],
      ['apikey.create', 'apikey:2'],
      ['cms.update', 'privacy-policy:ro'],
      ['notification.send', 'notification:9'],
      ['role.delete', 'role:custom-62c337ed7e01'],
      ['auth.session_revoked', 'session:4'],
      ['puzzles.update', 'puzzle:5'],
      ['users.bulk_block', 'users:1,2,3'],
      ['users.block', 'user:7'],
      ['support.reply', 'support:8'],
      ['permission.denied', 'route:/audit'],
      ['auth.login_failed', 'ann@example.com'],
      ['admins.role', 'admins:6'],
      ['audit.purge', null],
    ];
    for (const [action, target] of before) {
      await run.execute(
        sql`INSERT INTO audit_log (action, target, detail) VALUES (${action}, ${target}, 'v0017')`,
      );
    }
    for (const statement of migration) await run.execute(sql.raw(statement));
    const after = await rowsOf<{ action: string; target: string | null }>(
      run,
      sql`SELECT action, target FROM audit_log WHERE detail = 'v0017' ORDER BY id`,
    );
    expect(after.map((row) => [row.action, row.target])).toEqual([
      ['admins.approve', 'admins:3'],
      ['apikeys.create', 'apikeys:2'],
      ['content.update', 'content:privacy-policy:ro'],
      ['notifications.send', 'notifications:9'],
      ['roles.delete', 'roles:custom-62c337ed7e01'],
      ['auth.session_revoked', 'sessions:4'],
      ['puzzles.update', 'puzzles:5'],
      ['users.bulk_block', 'users:1,2,3'],
      ['users.block', 'users:7'],
      ['support.reply', 'support:8'],
      ['permission.denied', 'route:/audit'],
      ['auth.login_failed', 'ann@example.com'],
      ['admins.role', 'admins:6'],
      ['audit.purge', null],
    ]);
  });
});
