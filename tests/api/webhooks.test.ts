import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { settleEndedBansRound } from '../../src/server/users/bans';
import { deliverDueWebhooks, forgetOldDeliveries } from '../../src/server/webhooks/worker';
import type { WebhookAttemptRow, WebhookCreated, WebhookRow } from '../../src/shared/webhooks/webhook-input';
import { get, post } from '../support/api';
import { countAudit } from '../support/audit';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let server: TestServer;
let receiver: WebhookReceiver;
let cookie: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on 127.0.0.1, which only the allow-list lets through; `localhost`
  // (the same address by name) stays refused.
  server = await startTestServer({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WORKER_POLL_MS: '3600000' });
  cookie = `session=${await createTestSession()}`;
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const add = (body: unknown) => post<WebhookCreated>(server.url, '/api/admin/addwebhook', body, { cookie });
const attempts = async (id: number) =>
  (await get<WebhookAttemptRow[]>(server.url, `/api/admin/getwebhookdeliveries?id=${id}`, { cookie })).body
    .ResponseBody!;
/** Brings every pending delivery's next try forward to now, as if its wait were over. */
const makeDue = async () =>
  (await db()).execute(sql`UPDATE webhook_messages SET next_attempt_at = now() WHERE state = 'pending'`);
const scheduleErasure = async (userId: number) =>
  post(server.url, '/api/admin/eraseuser', { id: userId }, { cookie });

async function registered(events: string[], url = `${receiver.origin}/hooks`) {
  const answer = await add({ url, events });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.ResponseBody!;
}

async function removeAll() {
  for (const hook of (await get<WebhookRow[]>(server.url, '/api/admin/getwebhooks', { cookie })).body
    .ResponseBody!) {
    await post(server.url, '/api/admin/deletewebhook', { id: hook.id }, { cookie });
  }
}

describe('registering webhooks', () => {
  it('answers a whsec_ secret once, lists the endpoint without it, and audits without it', async () => {
    const created = await registered(['user.erased', 'user.banned']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await get<WebhookRow[]>(server.url, '/api/admin/getwebhooks', { cookie });
    const row = list.body.ResponseBody!.find((hook) => hook.id === created.id)!;
    expect(row).toMatchObject({ url: `${receiver.origin}/hooks`, events: ['user.banned', 'user.erased'] });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const [entry] = await rowsOf<{ detail: string }>(
      await db(),
      sql`SELECT detail FROM audit_log WHERE action = 'webhooks.add' AND target = ${`webhooks:${created.id}`}`,
    );
    expect(entry!.detail).not.toContain(created.secret.slice(6));
    await removeAll();
  });

  it.each([
    ['169.254.169.254 (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['10.0.0.1 (private)', 'http://10.0.0.1/hook'],
    ['[::1] (IPv6 loopback)', 'http://[::1]:8080/hook'],
    ['localhost (a name resolving to 127.0.0.1)', `http://localhost:${4321}/hook`],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['a hexadecimal private address', 'http://0x0a000001/hook'],
  ])('refuses %s with 400 on url', async (_name, url) => {
    const answer = await add({ url, events: ['user.erased'] });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['url']);
  });

  it.each([
    ['a URL that is not http(s)', { url: 'ftp://example.com/hook', events: ['user.erased'] }, 'url'],
    ['a URL that does not parse', { url: 'http//nope', events: ['user.erased'] }, 'url'],
    ['no URL', { events: ['user.erased'] }, 'url'],
    ['an unknown event', { url: 'https://example.com/hook', events: ['user.exploded'] }, 'events'],
    ['no event', { url: 'https://example.com/hook', events: [] }, 'events'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const answer = await add(body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty(field);
  });

  it('answers 404 for an unknown endpoint or delivery, 415 for a body that is not JSON', async () => {
    expect((await post(server.url, '/api/admin/deletewebhook', { id: 999999 }, { cookie })).status).toBe(404);
    expect((await get(server.url, '/api/admin/getwebhookdeliveries?id=999999', { cookie })).status).toBe(404);
    expect(
      (await post(server.url, '/api/admin/redeliverwebhook', { delivery_id: 999999 }, { cookie })).status,
    ).toBe(404);
    const response = await fetch(`${server.url}/api/admin/addwebhook`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' },
      body: 'url=http://example.com',
    });
    expect(response.status).toBe(415);
  });
});

describe('delivering webhooks', () => {
  it('retries a failed delivery with the same webhook-id, signed as the library verifies', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    const [userId] = await insertUsers([{ externalId: 'hook-player-1' }]);
    // The first answer fails with a long body: only 1 kB of it is kept.
    receiver.answers.push({ status: 500, body: 'x'.repeat(5000) });
    expect((await scheduleErasure(userId!)).status).toBe(200);

    await deliverDueWebhooks();
    const [failed] = await attempts(hook.id);
    expect(failed).toMatchObject({ status_code: 500, state: 'pending', event: 'user.erasure_scheduled' });
    const [kept] = await rowsOf<{ n: number; next: Date; at: Date }>(
      await db(),
      sql`SELECT length(a.response) AS n, m.next_attempt_at AS next, a.attempted_at AS at
          FROM webhook_attempts a JOIN webhook_messages m ON m.id = a.message_id WHERE a.id = ${failed!.id}`,
    );
    expect(kept!.n).toBeLessThanOrEqual(1024);
    // The first retry falls within 30 seconds of the failure.
    expect(new Date(kept!.next).getTime() - new Date(kept!.at).getTime()).toBeLessThanOrEqual(30_000);

    await makeDue();
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    for (const request of receiver.received) {
      const payload = new Webhook(hook.secret).verify(
        request.body,
        request.headers as Record<string, string>,
      );
      expect(payload).toMatchObject({
        type: 'user.erasure_scheduled',
        data: { user_id: userId, external_id: 'hook-player-1' },
      });
    }
    // Signed with another secret, the same request does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        receiver.received[1]!.body,
        receiver.received[1]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const shown = await attempts(hook.id);
    expect(shown.map((attempt) => attempt.status_code)).toEqual([200, 500]);
    expect(shown[0]).toMatchObject({ state: 'delivered', message_id: ids[0] });
    expect(shown.every((attempt) => attempt.duration_ms >= 0 && attempt.attempted_at)).toBe(true);

    // Sent again on demand: a third request under the same id.
    const again = await post(
      server.url,
      '/api/admin/redeliverwebhook',
      { delivery_id: shown[0]!.delivery_id },
      { cookie },
    );
    expect(again.status).toBe(200);
    await deliverDueWebhooks();
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      ids[0],
      ids[0],
      ids[0],
    ]);
    expect(await countAudit('webhooks.redeliver', `webhooks:${hook.id}`)).toBe(1);
    await removeAll();
  });

  it('follows no redirect: a 302 is a failed attempt, and its target is never asked', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    receiver.answers.push({ status: 302, headers: { location: `${receiver.origin}/elsewhere` } });
    const [userId] = await insertUsers([{}]);
    await scheduleErasure(userId!);
    await deliverDueWebhooks();
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
    expect((await attempts(hook.id))[0]).toMatchObject({ status_code: 302, state: 'pending' });
    await removeAll();
  });

  it('refuses at delivery a name that now resolves to a loopback address (DNS rebinding)', async () => {
    // As if `localhost` had resolved to a public address when it was registered.
    const [row] = await rowsOf<{ id: number }>(
      await db(),
      sql`INSERT INTO webhooks (url, events, secret)
          VALUES (${`http://localhost:${receiver.port}/hooks`}, ARRAY['user.erasure_scheduled'],
            ${`whsec_${Buffer.alloc(32, 1).toString('base64')}`})
          RETURNING id`,
    );
    const [userId] = await insertUsers([{}]);
    await scheduleErasure(userId!);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(0);
    expect((await attempts(row!.id))[0]).toMatchObject({ status_code: null, error: 'refused_address' });
    await removeAll();
  });

  it('gives up after the eighth attempt', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    const [userId] = await insertUsers([{}]);
    await scheduleErasure(userId!);
    for (let n = 0; n < 9; n++) {
      receiver.answers.push({ status: 503 });
      await makeDue();
      await deliverDueWebhooks();
    }
    const shown = await attempts(hook.id);
    expect(shown).toHaveLength(8);
    expect(shown[0]!.state).toBe('failed');
    await removeAll();
  });

  it('turns off an endpoint failing for three days, and mails the Owners', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    await (
      await db()
    ).execute(
      sql`UPDATE webhooks SET failing_since = now() - interval '3 days 1 minute' WHERE id = ${hook.id}`,
    );
    receiver.answers.push({ status: 500 });
    const [userId] = await insertUsers([{}]);
    await scheduleErasure(userId!);
    await deliverDueWebhooks();
    const list = await get<WebhookRow[]>(server.url, '/api/admin/getwebhooks', { cookie });
    expect(list.body.ResponseBody!.find((row) => row.id === hook.id)!.disabled_at).not.toBeNull();
    expect(await countAudit('webhooks.disable', `webhooks:${hook.id}`)).toBe(1);
    // No SMTP_URL in tests: the mail is kept as a file in DATA_DIR/outbox.
    const outbox = path.join(server.dataDir, 'outbox');
    await expect
      .poll(() =>
        fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .some((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes('/hooks'))
          : false,
      )
      .toBe(true);
    // Turned off: nothing more is sent to it, and a redelivery is refused.
    const [delivery] = await attempts(hook.id);
    const again = await post(
      server.url,
      '/api/admin/redeliverwebhook',
      { delivery_id: delivery!.delivery_id },
      { cookie },
    );
    expect(again.status).toBe(409);
    await removeAll();
  });

  it('tells about a notification sent, in the transaction that sends it', async () => {
    await registered(['notification.sent']);
    const [userId] = await insertUsers([{}]);
    const sent = await post(
      server.url,
      '/api/admin/admin/bulk-notifications',
      { title: 'Hook news', message: 'Body', user_ids: [userId] },
      { cookie },
    );
    expect(sent.status).toBe(200);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'notification.sent',
      data: { title: 'Hook news', recipients: 1 },
    });
    await removeAll();
  });

  it('tells the game about bans: one, a bulk ban, a lift and a ban reaching its end', async () => {
    await registered(['user.banned', 'user.unbanned']);
    const [one, two, three] = await insertUsers([{}, {}, {}]);
    const soon = new Date(Date.now() + 1500).toISOString();
    expect(
      (await post(server.url, '/api/admin/banuser', { id: one, reason: 'Cheating', until: soon }, { cookie }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(
          server.url,
          '/api/admin/bulkchangestatus',
          { ids: [two, three], status: 'blocked', reason: 'Spam ring' },
          { cookie },
        )
      ).status,
    ).toBe(200);
    expect((await post(server.url, '/api/admin/liftban', { id: three }, { cookie })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await settleEndedBansRound(() => false)).toBeGreaterThanOrEqual(1);
    await deliverDueWebhooks();
    const events = receiver.received
      .map((delivery) => JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> })
      .map(({ type, data }) => [type, data.user_id, data.reason ?? null, data.ended ?? null]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['user.banned', one, 'Cheating', null],
        ['user.banned', two, 'Spam ring', null],
        ['user.banned', three, 'Spam ring', null],
        ['user.unbanned', three, null, false],
        ['user.unbanned', one, null, true],
      ]),
    );
    expect(events).toHaveLength(5);
    await removeAll();
  });

  it('drops an endpoint with its deliveries', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    const [userId] = await insertUsers([{}]);
    await scheduleErasure(userId!);
    expect((await post(server.url, '/api/admin/deletewebhook', { id: hook.id }, { cookie })).status).toBe(
      200,
    );
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(0);
    expect(await countAudit('webhooks.delete', `webhooks:${hook.id}`)).toBe(1);
  });

  it('forgets settled deliveries after 30 days, and keeps pending ones', async () => {
    const hook = await registered(['user.erasure_scheduled']);
    for (const _ of [1, 2]) {
      const [userId] = await insertUsers([{}]);
      await scheduleErasure(userId!);
    }
    await deliverDueWebhooks();
    await (
      await db()
    ).execute(
      sql`UPDATE webhook_messages SET created_at = now() - interval '31 days' WHERE webhook_id = ${hook.id}`,
    );
    // One of the two waits for a retry: it stays, whatever its age.
    const [pending] = await rowsOf<{ id: number }>(
      await db(),
      sql`UPDATE webhook_messages SET state = 'pending', next_attempt_at = now() + interval '1 hour'
          WHERE id = (SELECT min(id) FROM webhook_messages WHERE webhook_id = ${hook.id}) RETURNING id`,
    );
    expect(await forgetOldDeliveries()).toBeGreaterThanOrEqual(1);
    const left = await rowsOf<{ id: number }>(
      await db(),
      sql`SELECT id FROM webhook_messages WHERE webhook_id = ${hook.id}`,
    );
    expect(left).toEqual([{ id: pending!.id }]);
    expect((await attempts(hook.id)).every((attempt) => attempt.delivery_id === pending!.id)).toBe(true);
    await removeAll();
  });
});
