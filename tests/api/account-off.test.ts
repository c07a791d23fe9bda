import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog, loginThrottles } from '../../src/server/db/schema';
import { fromNewAddress, get, post } from '../support/api';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  // Nothing set: the generic account API is off.
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(() => server?.stop());

describe('/api/account when ACCOUNT_API is not set', () => {
  it('refuses login with 403 and a message naming the switch, before checking the password', async () => {
    const answer = await post(server.url, '/api/account/login', TEST_ADMIN, fromNewAddress());
    expect(answer.status).toBe(403);
    expect(answer.body.succeeded).toBe(false);
    expect(answer.body.ResponseMessage).toBe(
      'The account API is off. An administrator can turn it on by setting ACCOUNT_API=true.',
    );
    expect(answer.body.ResponseBody ?? null).toBeNull();
    // Refused before any work: no try counted, nothing audited.
    expect(await (await db()).select().from(loginThrottles)).toEqual([]);
    expect(
      (await (await db()).select({ action: auditLog.action }).from(auditLog)).filter((row) =>
        row.action.startsWith('account.'),
      ),
    ).toEqual([]);
  });

  it('refuses /me with 403, with or without a token', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer anything' }];
    for (const headers of attempts) {
      const answer = await get(server.url, '/api/account/me', headers);
      expect(answer.status).toBe(403);
      expect(answer.body.ResponseMessage).toContain('ACCOUNT_API=true');
    }
  });

  it('answers in the client language', async () => {
    const answer = await post(server.url, '/api/account/login', TEST_ADMIN, {
      ...fromNewAddress(),
      'accept-language': 'fr',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.ResponseMessage).toContain('ACCOUNT_API=true');
    expect(answer.body.ResponseMessage).not.toMatch(/^The account API/);
  });
});
