import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins, auditLog, mfaTotp, sessions } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import type { AdminRow } from '../../src/shared/admins/admin-input';
import type { ListResult } from '../../src/lib/envelope';
import { get, post } from '../support/api';
import { createAdmins } from '../support/admins';
import { startMailbox, type Mailbox } from '../support/mailbox';
import {
  addPasskey,
  appCode,
  asApiClient,
  bearer,
  passwordStep,
  setUpApp,
  signInByMail,
} from '../support/mfa';
import { freePort, spawnServer, tempDir, waitUntilReady } from '../support/process';
import { softPasskey } from '../support/soft-passkey';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

const ORIGIN = 'https://admin.example.test';
const MFA_KEY = Buffer.alloc(32, 7).toString('base64');
const PASSWORD = 'second factors count';
const onPostgres = !!process.env.DATABASE_URL;

let server: TestServer;
let mailbox: Mailbox;
let ownerToken: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    SMTP_URL: mailbox.url,
    PUBLIC_URL: ORIGIN,
    MFA_KEY,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  await createAdmins(
    [
      'app@example.test',
      'replay@example.test',
      'codes@example.test',
      'wrong@example.test',
      'grace@example.test',
      'keys@example.test',
      'fresh@example.test',
      'reset@example.test',
      'rolemgr@example.test',
      'manager@example.test',
      'twice@example.test',
    ],
    PASSWORD,
  );
  ownerToken = await signInByMail(server.url, mailbox, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const signIn = (email: string) => signInByMail(server.url, mailbox, email, PASSWORD);
const verify = (step: { otpToken: string; headers: Record<string, string> }, otp: string, method?: string) =>
  post<{ token: string; triesLeft?: number }>(
    server.url,
    '/api/admin/verifyotp',
    { otpToken: step.otpToken, otp, ...(method ? { method } : {}) },
    { ...step.headers, ...asApiClient },
  );
const adminId = async (email: string) =>
  (await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email)))[0]!.id;

describe('an authenticator app', () => {
  it('is set up from a sealed secret and a first code, and brings ten recovery codes', async () => {
    const token = await signIn('app@example.test');
    const setup = await post<{ secret: string; uri: string; qr_svg: string }>(
      server.url,
      '/api/admin/totpsetup',
      {},
      bearer(token),
    );
    expect(setup.status).toBe(200);
    const { secret, uri, qr_svg } = setup.body.ResponseBody!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr_svg).toMatch(/^<svg/);
    // A copy of the database alone does not hold the secret.
    const [row] = await (
      await db()
    )
      .select()
      .from(mfaTotp)
      .where(eq(mfaTotp.adminId, await adminId('app@example.test')));
    expect(row!.secret).not.toContain(secret);

    const wrong = await post(
      server.url,
      '/api/admin/totpconfirm',
      { code: appCode(secret, 5) },
      bearer(token),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors!)).toEqual(['code']);
    const right = await post<{ recovery_codes: string[] }>(
      server.url,
      '/api/admin/totpconfirm',
      { code: appCode(secret) },
      bearer(token),
    );
    expect(right.status).toBe(200);
    expect(right.body.ResponseBody!.recovery_codes).toHaveLength(10);

    const mfa = await get<{
      totp: boolean;
      recovery_codes_left: number;
      required: boolean;
      grace_until: null;
    }>(server.url, '/api/admin/getmfa', bearer(token));
    expect(mfa.body.ResponseBody).toMatchObject({
      totp: true,
      passkeys: [],
      recovery_codes_left: 10,
      required: true,
      grace_until: null,
    });

    // Signing in: the app is offered, no code is mailed, and the code used to confirm is spent.
    const step = await passwordStep(server.url, 'app@example.test', PASSWORD);
    expect(step.methods).toEqual(['totp', 'recovery']);
    expect((await verify(step, appCode(secret), 'totp')).status).toBe(400);
    const next = appCode(secret, 1);
    const signedIn = await verify(step, next);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.ResponseBody!.token).toMatch(/^[\w-]{43}$/);
    // The same code again, in a new sign-in: refused.
    const again = await passwordStep(server.url, 'app@example.test', PASSWORD);
    expect((await verify(again, next, 'totp')).status).toBe(400);
    expect(mailbox.pending().filter((mail) => mail.to.includes('app@example.test'))).toEqual([]);
    // No mailed code for an admin with a factor, whatever is asked.
    expect((await verify(again, '123456', 'email')).status).toBe(400);
    expect(
      (await post(server.url, '/api/admin/sendotp', { otpToken: again.otpToken }, again.headers)).status,
    ).toBe(400);
  });

  it('accepts one code once when it reaches two sign-ins at the same moment', async () => {
    const token = await signIn('replay@example.test');
    const { secret } = await setUpApp(server.url, token);
    const [one, two] = await Promise.all([
      passwordStep(server.url, 'replay@example.test', PASSWORD),
      passwordStep(server.url, 'replay@example.test', PASSWORD),
    ]);
    const code = appCode(secret, 1);
    const answers = await Promise.all([verify(one, code, 'totp'), verify(two, code, 'totp')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('counts wrong codes: five per sign-in, and ten in a row close code sign-in for a day', async () => {
    const token = await signIn('wrong@example.test');
    const { secret } = await setUpApp(server.url, token);
    const wrongCode = (step: Awaited<ReturnType<typeof passwordStep>>) =>
      verify(step, appCode(secret, -5), 'totp');
    const first = await passwordStep(server.url, 'wrong@example.test', PASSWORD);
    const statuses = [];
    for (let n = 0; n < 5; n += 1) statuses.push((await wrongCode(first)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 410]);
    const second = await passwordStep(server.url, 'wrong@example.test', PASSWORD);
    for (let n = 0; n < 4; n += 1) expect((await wrongCode(second)).status).toBe(400);
    const tenth = await wrongCode(second);
    expect(tenth.status).toBe(429);
    expect(Number(tenth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Closed: even the right code is refused, and nothing more is counted.
    const third = await passwordStep(server.url, 'wrong@example.test', PASSWORD);
    expect((await verify(third, appCode(secret, 1), 'totp')).status).toBe(429);
    const locked = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.account_locked'),
          eq(auditLog.adminId, await adminId('wrong@example.test')),
        ),
      );
    expect(locked).toHaveLength(1);
  });
  it('counts wrong codes per address too: twenty in an hour close that address, not the accounts', async () => {
    const emails = ['addr1@example.test', 'addr2@example.test', 'addr3@example.test'];
    await createAdmins(emails, PASSWORD);
    const secrets = [];
    for (const email of emails) secrets.push((await setUpApp(server.url, await signIn(email))).secret);
    // One address (a documentation range), several accounts: no account reaches its own ten.
    const address = { 'x-forwarded-for': '203.0.113.77' };
    const stepFrom = async (email: string, headers: Record<string, string>) => {
      const answer = await post<{ otpToken: string }>(
        server.url,
        '/api/admin/login',
        { email, password: PASSWORD },
        headers,
      );
      expect(answer.status).toBe(200);
      return { otpToken: answer.body.ResponseBody!.otpToken, headers };
    };
    const plan: [number, number][] = [
      [0, 4],
      [0, 4],
      [1, 4],
      [1, 4],
      [2, 4],
    ];
    for (const [who, wrong] of plan) {
      const step = await stepFrom(emails[who]!, address);
      for (let n = 0; n < wrong; n += 1)
        expect((await verify(step, appCode(secrets[who]!, -5), 'totp')).status).toBe(400);
    }
    // Twenty wrong codes from that address: its next try is refused, even a right code (the next
    // step's: the set-up spent this one).
    const refused = await verify(await stepFrom(emails[2]!, address), appCode(secrets[2]!, 1), 'totp');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // The account is not closed: from another address its right code signs in.
    const elsewhere = await verify(
      await stepFrom(emails[2]!, { 'x-forwarded-for': '203.0.113.78' }),
      appCode(secrets[2]!, 1),
      'totp',
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('are each used once, even sent twice at once; a use is mailed and audited', async () => {
    const token = await signIn('codes@example.test');
    const { recoveryCodes } = await setUpApp(server.url, token);
    const [one, two] = await Promise.all([
      passwordStep(server.url, 'codes@example.test', PASSWORD),
      passwordStep(server.url, 'codes@example.test', PASSWORD),
    ]);
    const code = recoveryCodes[0]!.toLowerCase();
    const answers = await Promise.all([verify(one, code, 'recovery'), verify(two, code, 'recovery')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const notice = await mailbox.nextMail('codes@example.test');
    expect(notice.text).toContain('9 codes are left');
    const id = await adminId('codes@example.test');
    const used = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.recovery_used'), eq(auditLog.adminId, id)));
    expect(used).toHaveLength(1);

    // New codes replace the old ones whole.
    const renewed = await post<{ recovery_codes: string[] }>(
      server.url,
      '/api/admin/newrecoverycodes',
      {},
      bearer(token),
    );
    expect(renewed.status).toBe(200);
    const fresh = await passwordStep(server.url, 'codes@example.test', PASSWORD);
    expect((await verify(fresh, recoveryCodes[1]!, 'recovery')).status).toBe(400);
    expect((await verify(fresh, renewed.body.ResponseBody!.recovery_codes[0]!, 'recovery')).status).toBe(200);
  });
});

describe('passkeys', () => {
  it('are added, then sign in after the password or alone; an answer counts once', async () => {
    const token = await signIn('keys@example.test');
    const passkey = softPasskey(ORIGIN);
    const added = await addPasskey(server.url, token, passkey, 'Work laptop');
    expect(added.status).toBe(200);
    expect(added.body.ResponseBody).toMatchObject({ name: 'Work laptop' });
    expect(added.body.ResponseBody!.recovery_codes).toHaveLength(10);

    const step = await passwordStep(server.url, 'keys@example.test', PASSWORD);
    expect(step.methods).toEqual(['passkey', 'recovery']);
    const options = await post<{
      challenge: string;
      allowCredentials: { id: string }[];
      userVerification: string;
    }>(server.url, '/api/admin/passkeysigninoptions', { otpToken: step.otpToken }, step.headers);
    expect(options.body.ResponseBody!.allowCredentials.map((one) => one.id)).toEqual([passkey.credentialId]);
    expect(options.body.ResponseBody!.userVerification).toBe('required');
    const response = passkey.assert(options.body.ResponseBody!);
    const second = await post<{ token: string }>(
      server.url,
      '/api/admin/passkeysignin',
      { otpToken: step.otpToken, response },
      { ...step.headers, ...asApiClient },
    );
    expect(second.status).toBe(200);
    expect(second.body.ResponseBody!.token).toBeTruthy();
    // The same answer again: its challenge is spent.
    expect((await post(server.url, '/api/admin/passkeysignin', { response }, asApiClient)).status).toBe(400);

    // Alone: discoverable, the passkey names its admin.
    const alone = await post<{ challenge: string; allowCredentials: unknown[] }>(
      server.url,
      '/api/admin/passkeysigninoptions',
      {},
      {},
    );
    expect(alone.body.ResponseBody!.allowCredentials).toEqual([]);
    const signedIn = await post<{ token: string; adminData: { email: string } }>(
      server.url,
      '/api/admin/passkeysignin',
      { response: passkey.assert(alone.body.ResponseBody!) },
      asApiClient,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.ResponseBody!.adminData.email).toBe('keys@example.test');

    const mfa = await get<{ passkeys: { name: string; last_used_at: string | null }[] }>(
      server.url,
      '/api/admin/getmfa',
      bearer(token),
    );
    expect(mfa.body.ResponseBody!.passkeys).toEqual([
      expect.objectContaining({ name: 'Work laptop', last_used_at: expect.any(String) }),
    ]);
  });
});

describe('enforcement per role', () => {
  it('gives a grace period, then only the factor setup', async () => {
    const token = await signIn('grace@example.test');
    const mfa = await get<{ required: boolean; grace_until: string }>(
      server.url,
      '/api/admin/getmfa',
      bearer(token),
    );
    expect(mfa.body.ResponseBody!.required).toBe(true);
    const graceDays = (new Date(mfa.body.ResponseBody!.grace_until).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(13.9);
    expect((await get(server.url, '/api/admin/getadmins', bearer(token))).status).toBe(200);

    // Fifteen days later.
    const id = await adminId('grace@example.test');
    await (
      await db()
    )
      .update(admins)
      .set({ mfaRequiredSince: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(admins.id, id));
    const refused = await get<{ mfa_setup_required: boolean }>(
      server.url,
      '/api/admin/getadmins',
      bearer(token),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.ResponseBody).toEqual({ mfa_setup_required: true });
    expect((await get(server.url, '/api/admin/getmfa', bearer(token))).status).toBe(200);
    const page = await fetch(`${server.url}/dashboard`, { headers: bearer(token), redirect: 'manual' });
    expect(page.headers.get('location')).toBe('/account-setting?tab=security');
    // The emailed code still signs them in, to the setup; a factor set up lifts it all.
    const again = await signIn('grace@example.test');
    await setUpApp(server.url, again);
    expect((await get(server.url, '/api/admin/getadmins', bearer(again))).status).toBe(200);
  });

  it('follows the role: an Owner turns it on or off on a built-in role', async () => {
    const roles = await get<{ key: string; require_mfa: boolean }[]>(
      server.url,
      '/api/admin/getroles',
      bearer(ownerToken),
    );
    const required = Object.fromEntries(roles.body.ResponseBody!.map((role) => [role.key, role.require_mfa]));
    expect(required).toMatchObject({ owner: true, administrator: true, support: false });
    const save = (token: string, value: boolean) =>
      post<{ require_mfa: boolean }>(
        server.url,
        '/api/admin/saverole',
        { key: 'support', name: 'Support', permissions: ['support.view'], require_mfa: value },
        bearer(token),
      );
    const turnedOn = await save(ownerToken, true);
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.ResponseBody!.require_mfa).toBe(true);
    // An admin whose role may manage roles still may not: this is the Owners' call.
    const managers = await post<{ key: string }>(
      server.url,
      '/api/admin/saverole',
      { name: 'Role managers', permissions: ['roles.manage'] },
      bearer(ownerToken),
    );
    expect(managers.status).toBe(200);
    await (
      await db()
    )
      .update(admins)
      .set({ role: managers.body.ResponseBody!.key })
      .where(eq(admins.id, await adminId('rolemgr@example.test')));
    const refused = await save(await signIn('rolemgr@example.test'), false);
    expect(refused.status).toBe(403);
    expect(Object.keys(refused.body.errors!)).toEqual(['require_mfa']);
    expect((await save(ownerToken, false)).status).toBe(200);
  });
});

describe('a fresh confirmation', () => {
  it('is needed for sensitive actions once REAUTH_WINDOW has passed, and reauth gives it', async () => {
    const token = await signIn('fresh@example.test');
    const { secret } = await setUpApp(server.url, token);
    await (
      await db()
    )
      .update(sessions)
      .set({ confirmedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    for (const [path, body] of [
      ['/api/admin/addapikey', { name: 'Fresh', scopes: ['users.write'] }],
      ['/api/admin/newrecoverycodes', {}],
      ['/api/admin/removemfa', { method: 'totp' }],
    ] as const) {
      const answer = await post(server.url, path, body, bearer(token));
      expect([path, answer.status, answer.body.ResponseBody]).toEqual([path, 403, { reauth_required: true }]);
    }
    // The Owner (no factor yet) confirms with the password.
    const owner = bearer(ownerToken);
    await (
      await db()
    )
      .update(sessions)
      .set({ confirmedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(ownerToken)));
    const resetId = await adminId('reset@example.test');
    for (const [path, body] of [
      ['/api/admin/deleterole', { key: 'custom-none' }],
      ['/api/admin/changeadminstatus', { id: resetId, status: 'disabled' }],
      ['/api/admin/changeadminrole', { id: resetId, role: 'support' }],
      ['/api/admin/resetadminmfa', { id: resetId }],
      [
        '/api/admin/saverole',
        { key: 'support', name: 'Support', permissions: ['support.view'], require_mfa: true },
      ],
    ] as const) {
      const answer = await post(server.url, path, body, owner);
      expect([path, answer.status, answer.body.ResponseBody]).toEqual([path, 403, { reauth_required: true }]);
    }
    expect(
      (await post(server.url, '/api/admin/reauth', { method: 'password', password: 'wrong password' }, owner))
        .status,
    ).toBe(400);
    expect(
      (
        await post(
          server.url,
          '/api/admin/reauth',
          { method: 'password', password: TEST_ADMIN.password },
          owner,
        )
      ).status,
    ).toBe(200);
    expect((await post(server.url, '/api/admin/deleterole', { key: 'custom-none' }, owner)).status).toBe(404);
    // With a factor, the password does not confirm; a wrong code does not either.
    expect(
      (await post(server.url, '/api/admin/reauth', { method: 'password', password: PASSWORD }, bearer(token)))
        .status,
    ).toBe(400);
    expect(
      (
        await post(
          server.url,
          '/api/admin/reauth',
          { method: 'totp', otp: appCode(secret, -5) },
          bearer(token),
        )
      ).status,
    ).toBe(400);
    const confirmed = await post(
      server.url,
      '/api/admin/reauth',
      { method: 'totp', otp: appCode(secret, 1) },
      bearer(token),
    );
    expect(confirmed.status).toBe(200);
    expect((await post(server.url, '/api/admin/newrecoverycodes', {}, bearer(token))).status).toBe(200);
  });
});

describe('an Owner’s reset', () => {
  it('removes another admin’s factors, mails them and is audited; nobody else may', async () => {
    const token = await signIn('reset@example.test');
    await setUpApp(server.url, token);
    const id = await adminId('reset@example.test');
    const listed = async () =>
      (
        (await get<never>(server.url, '/api/admin/getadmins?search=reset%40', bearer(ownerToken))).body
          .ResponseData as unknown as ListResult<AdminRow>
      ).list[0]!;
    expect((await listed()).mfa).toEqual(['totp']);
    expect(JSON.stringify(await listed())).not.toMatch(/secret/i);

    const administrator = await signIn('manager@example.test');
    expect((await post(server.url, '/api/admin/resetadminmfa', { id }, bearer(administrator))).status).toBe(
      403,
    );
    const reset = await post(server.url, '/api/admin/resetadminmfa', { id }, bearer(ownerToken));
    expect(reset.status).toBe(200);
    expect((await listed()).mfa).toEqual([]);
    expect((await mailbox.nextMail('reset@example.test')).subject).toBe('Your second factors were reset');
    const rows = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.target, `admins:${id}`)));
    expect(rows).toHaveLength(1);
    // Signing in again takes the mailed code.
    expect((await passwordStep(server.url, 'reset@example.test', PASSWORD)).methods).toEqual(['email']);
    await mailbox.nextMail('reset@example.test');
  });
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  it('accept an app code once between them', async () => {
    const dataDir = tempDir();
    const second = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL!,
      PUBLIC_URL: ORIGIN,
      MFA_KEY,
      LOG_LEVEL: 'silent',
    });
    try {
      await waitUntilReady(second);
      const { secret } = await setUpApp(server.url, await signIn('twice@example.test'));
      const [one, two] = await Promise.all([
        passwordStep(server.url, 'twice@example.test', PASSWORD),
        passwordStep(second.url, 'twice@example.test', PASSWORD),
      ]);
      const code = appCode(secret, 1);
      const answers = await Promise.all([
        verify(one, code, 'totp'),
        post(
          second.url,
          '/api/admin/verifyotp',
          { otpToken: two.otpToken, otp: code, method: 'totp' },
          { ...two.headers, ...asApiClient },
        ),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
