import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';
import { adminWithRole } from '../support/admins';
import { post } from '../support/api';
import { fromNow, notificationCount, notificationRow, resultOf, send } from '../support/notifications';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

/**
 * Issue #38, item 6: a notification addressed to everyone, to a status or to more than 100 users
 * is a broadcast. Sending one, and editing, rescheduling, cancelling or deleting one, needs
 * `notifications.broadcast`; `notifications.send` alone (Support) reaches at most 100 named users.
 */
let server: TestServer;
let owner: string;
let support: { id: number; token: string };
let liveops: { id: number; token: string };
let people: number[];

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
  support = await adminWithRole('support', 'Sue');
  liveops = await adminWithRole('liveops', 'Liv');
  people = await insertUsers(Array.from({ length: 105 }, () => ({})));
});
afterAll(() => server?.stop());

const later = (title: string, audience: Record<string, unknown>) => ({
  title,
  message: `${title} body`,
  scheduled_at: fromNow(3_600_000),
  ...audience,
});

/** A scheduled send by the Owner, who may broadcast; its id. */
async function scheduled(title: string, audience: Record<string, unknown>): Promise<number> {
  const answer = await send(server.url, owner, later(title, audience));
  expect(answer.status).toBe(200);
  return resultOf(answer).id;
}

const as = (who: { token: string }, path: string, body: unknown) =>
  post<unknown>(server.url, `/api/admin/${path}`, body, { cookie: `session=${who.token}` });

function refusedForBroadcast(answer: Awaited<ReturnType<typeof as>>) {
  expect(answer.status).toBe(403);
  expect(answer.body.ResponseBody).toEqual({ permission: 'notifications.broadcast' });
  expect(answer.body.ResponseMessage).toContain('Send notifications to everyone');
}

describe('changing a broadcast', () => {
  it('refuses Support an edit, a reschedule, a cancel or a delete of one to everyone, to a status or to 101 users', async () => {
    const targets = {
      everyone: await scheduled('To everyone', { all: true }),
      status: await scheduled('To the active', { all: true, status: 'active' }),
      many: await scheduled('To 101', { user_ids: people.slice(0, 101) }),
    };
    const sent = resultOf(await send(server.url, owner, { title: 'Gone out', message: 'Hi', all: true })).id;
    for (const [what, id] of Object.entries({ ...targets, sent })) {
      refusedForBroadcast(
        await as(support, 'update-notification', { id, title: 'Phish', message: 'Click here' }),
      );
      if (what !== 'sent') {
        refusedForBroadcast(
          await as(support, 'update-notification', {
            id,
            title: 'Phish',
            message: 'Click here',
            scheduled_at: fromNow(60_000),
          }),
        );
        refusedForBroadcast(await as(support, 'cancel-notification', { id }));
      }
      refusedForBroadcast(await as(support, 'delete-notification', { id }));
      // Nothing changed.
      const row = await notificationRow(id);
      expect(row).toBeDefined();
      expect(row!.title).not.toBe('Phish');
      expect(row!.state).toBe(what === 'sent' ? 'sent' : 'scheduled');
    }
    // Each refusal leaves its (coalesced) audit row naming the permission.
    const denied = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission.denied'), eq(auditLog.adminId, support.id)));
    expect(denied.map((entry) => JSON.parse(entry.detail!).permission)).toContain('notifications.broadcast');
  });

  it('lets Support change one to 100 users or fewer, and Live-ops change a broadcast', async () => {
    const hundred = await scheduled('To 100', { user_ids: [...people.slice(0, 100), people[0]] });
    const few = await scheduled('To 3', { user_ids: people.slice(0, 3) });
    const edited = await as(support, 'update-notification', {
      id: hundred,
      title: 'To 100, reworded',
      message: 'New words',
      scheduled_at: fromNow(7_200_000),
    });
    expect(edited.status).toBe(200);
    expect((await notificationRow(hundred))!.title).toBe('To 100, reworded');
    expect((await as(support, 'cancel-notification', { id: hundred })).status).toBe(200);
    expect((await as(support, 'delete-notification', { id: few })).status).toBe(200);
    expect(await notificationRow(few)).toBeUndefined();

    const everyone = await scheduled('Live-ops everyone', { all: true });
    const many = await scheduled('Live-ops 101', { user_ids: people.slice(0, 101) });
    const reworded = await as(liveops, 'update-notification', {
      id: everyone,
      title: 'Live-ops reworded',
      message: 'Fine',
      scheduled_at: fromNow(7_200_000),
    });
    expect(reworded.status).toBe(200);
    expect((await as(liveops, 'cancel-notification', { id: everyone })).status).toBe(200);
    expect((await as(liveops, 'delete-notification', { id: many })).status).toBe(200);
    expect(await notificationRow(many)).toBeUndefined();
  });

  it('checks the stored audience under the row lock: parallel edits by Support of a broadcast all fail', async () => {
    const id = await scheduled('Locked everyone', { all: true });
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((word) =>
        as(support, 'update-notification', { id, title: word, message: word }),
      ),
    );
    for (const answer of answers) refusedForBroadcast(answer);
    expect((await notificationRow(id))!.title).toBe('Locked everyone');
  });
});

describe('sending to many', () => {
  it('refuses Support a send to 101 users (nothing written) and allows 100, repeats counted once', async () => {
    refusedForBroadcast(
      await send(server.url, support.token, {
        title: 'Support 101',
        message: 'Hi',
        user_ids: people.slice(0, 101),
      }),
    );
    expect(await notificationCount('Support 101')).toBe(0);
    refusedForBroadcast(
      await send(server.url, support.token, { title: 'Support all', message: 'Hi', all: true }),
    );
    const hundred = await send(server.url, support.token, {
      title: 'Support 100',
      message: 'Hi',
      user_ids: [...people.slice(0, 100), ...people.slice(0, 5)],
    });
    expect(hundred.status).toBe(200);
    expect(resultOf(hundred).recipients).toBe(100);
    const many = await send(server.url, liveops.token, {
      title: 'Live-ops 101 now',
      message: 'Hi',
      user_ids: people.slice(0, 101),
    });
    expect(many.status).toBe(200);
    expect(resultOf(many).recipients).toBe(101);
    // The refusals wrote nothing: Support's one send is the 100.
    const rows = await (
      await db()
    )
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.adminId, support.id), like(auditLog.action, 'notifications.%')));
    const sends = rows.filter((row) => ['notifications.send', 'notifications.schedule'].includes(row.action));
    expect(sends).toEqual([{ action: 'notifications.send' }]);
  });
});
