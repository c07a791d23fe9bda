import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/features/audit/audit-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { adminWithRole } from '../support/admins';
import { get } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/** Issue #28: the audit trail as `getaudit` lists it and `exportaudit` sends it, for admins with audit.view. */
let server: TestServer;
let owner: string;
let reader: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
  reader = await adminWithRole('readonly', 'Auditor');
  // A known trail: three admins' actions over three days.
  await (
    await db()
  ).execute(sql`
    INSERT INTO audit_log (admin_id, action, target, detail, at) VALUES
      (${reader.id}, 'users.block', 'user:7', '{"reason":"spam"}', '2026-03-01T10:00:00Z'),
      (${reader.id}, 'users.unblock', 'user:7', null, '2026-03-02T10:00:00Z'),
      (${reader.id}, 'puzzles.delete', 'puzzle:3', null, '2026-03-02T11:00:00Z'),
      (null, 'audit.purge', null, '{"deleted":4}', '2026-03-03T00:00:00Z')`);
});
afterAll(() => server?.stop());

const as = (token: string) => ({ cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' });
const trail = async (query: string, token = owner) => {
  const answer = await get<never>(server.url, `/api/admin/getaudit?${query}`, as(token));
  return { status: answer.status, body: answer.body, data: answer.body.ResponseData as ListResult<AuditRow> };
};

describe('getaudit', () => {
  it('filters by admin, action, area, target and time, newest first, for a Read-only admin too', async () => {
    const mine = await trail(`admin_id=${reader.id}&from=2026-03-01&to=2026-03-04`, reader.token);
    expect(mine.status).toBe(200);
    expect(mine.data.list.map((row) => row.action)).toEqual([
      'puzzles.delete',
      'users.unblock',
      'users.block',
    ]);
    expect(mine.data.list[2]).toMatchObject({
      admin_name: 'Auditor Helper',
      area: 'users',
      target: 'user:7',
    });
    expect((await trail('area=users&from=2026-03-01&to=2026-03-04')).data.total).toBe(2);
    expect((await trail('action=users.block&from=2026-03-01')).data.list).toHaveLength(1);
    expect((await trail('target=user:7&from=2026-03-01')).data.total).toBe(2);
    expect((await trail('from=2026-03-02&to=2026-03-03')).data.total).toBe(2);
    const purge = (await trail('area=audit&to=2026-03-04')).data.list[0]!;
    expect(purge).toMatchObject({ admin_id: null, admin_name: null, action: 'audit.purge' });
  });

  it('names the bad filter', async () => {
    const order = await trail('from=2026-03-03&to=2026-03-01');
    expect(order.status).toBe(400);
    expect(order.body.errors).toHaveProperty('to');
    const area = await trail('area=USERS%20OR%201%3D1');
    expect(area.status).toBe(400);
    expect(area.body.errors).toHaveProperty('area');
  });
});

describe('exportaudit', () => {
  it('streams the filtered trail as CSV and audits the export', async () => {
    const response = await fetch(
      `${server.url}/api/admin/exportaudit?area=users&from=2026-03-01&to=2026-03-04`,
      { headers: as(owner) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('admin_name');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toContain('users.unblock');
    expect(lines[2]).toContain('users.block');
    const exports = await (
      await db()
    ).execute(sql`SELECT detail FROM audit_log WHERE action = 'audit.export' ORDER BY id DESC LIMIT 1`);
    const [row] = (exports as unknown as { rows: { detail: string }[] }).rows;
    expect(JSON.parse(row!.detail)).toMatchObject({ area: 'users' });
  });
});
