import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/shared/roles/permissions';
import type { ProfileData } from '../../src/shared/profile/profile-input';
import { db } from '../../src/server/db/client';
import { admins, auditLog, images } from '../../src/server/db/schema';
import { fromNewAddress, get, post } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { png, postForm } from '../support/users';

let server: TestServer;
let mailbox: Mailbox;
let token: string;
const asAdmin = () => ({ cookie: `session=${token}` });

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
  token = await createTestSession();
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const saveProfile = (fields: Record<string, string>, file?: Parameters<typeof postForm>[4]) =>
  postForm<ProfileData>(server.url, '/api/admin/updateprofile', fields, token, file);
const ownRow = async () =>
  (await (await db()).select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!;
const imageRows = async (url: string) =>
  (await db())
    .select({ hash: images.hash })
    .from(images)
    .where(eq(images.hash, url.slice(8, 72)));

describe('getprofile', () => {
  it('answers the signed-in admin, with the saved language', async () => {
    const answer = await get<ProfileData>(server.url, '/api/admin/getprofile', asAdmin());
    expect(answer.status).toBe(200);
    const row = await ownRow();
    expect(answer.body.ResponseBody).toEqual({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: TEST_ADMIN.email,
      profile: null,
      locale: 'en',
      // The first admin of a deployment is its Owner.
      role: 'owner',
      permissions: [...PERMISSIONS],
    });
  });
});

describe('updateprofile', () => {
  it('saves names, language and photo in one audited change; the email stays', async () => {
    const answer = await saveProfile(
      { first_name: ' Ada ', last_name: 'Lovelace', locale: 'fr', email: 'someone.else@example.test' },
      { name: 'me.png', type: 'image/png', bytes: await png(300, 200) },
    );
    expect(answer.status).toBe(200);
    const saved = answer.body.ResponseBody!;
    expect(saved).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      locale: 'fr',
      email: TEST_ADMIN.email,
    });
    expect(saved.profile).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
    const photo = await fetch(`${server.url}${saved.profile}`, { headers: asAdmin() });
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const row = await ownRow();
    expect([row.firstName, row.lastName, row.locale, row.email]).toEqual([
      'Ada',
      'Lovelace',
      'fr',
      TEST_ADMIN.email,
    ]);
    const audits = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.adminId, row.id)));
    expect(audits).toHaveLength(1);
    // The next page (and getprofile) shows the saved admin.
    const page = await fetch(`${server.url}/dashboard`, { headers: asAdmin() });
    const html = await page.text();
    expect(html).toContain(saved.profile!);
    expect(html).toContain('Ada');
  });

  it('replaces and removes the photo, dropping the stored image nobody uses any more', async () => {
    const first = (
      await saveProfile(
        { first_name: 'Ada', last_name: 'Lovelace', locale: 'en' },
        { name: 'a.png', type: 'image/png', bytes: await png(64, 64, '#aa0000') },
      )
    ).body.ResponseBody!;
    const second = (
      await saveProfile(
        { first_name: 'Ada', last_name: 'Lovelace', locale: 'en' },
        { name: 'b.png', type: 'image/png', bytes: await png(64, 64, '#00aa00') },
      )
    ).body.ResponseBody!;
    expect(second.profile).not.toBe(first.profile);
    expect(await imageRows(first.profile!)).toHaveLength(0);
    const removed = (
      await saveProfile({ first_name: 'Ada', last_name: 'Lovelace', locale: 'en', remove_profile: 'true' })
    ).body.ResponseBody!;
    expect(removed.profile).toBeNull();
    expect(await imageRows(second.profile!)).toHaveLength(0);
  });

  it('takes the seed’s form (names and photo, no language) and keeps the saved language', async () => {
    await (await db()).update(admins).set({ locale: 'ro' }).where(eq(admins.email, TEST_ADMIN.email));
    const answer = await saveProfile(
      { first_name: 'Seed', last_name: 'Form' },
      { name: 'seed.png', type: 'image/png', bytes: await png(64, 64) },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({
      first_name: 'Seed',
      last_name: 'Form',
      profile: expect.stringMatching(/^\/images\/[0-9a-f]{64}\.webp$/),
      locale: 'ro',
    });
    const row = await ownRow();
    expect([row.firstName, row.lastName, row.locale]).toEqual(['Seed', 'Form', 'ro']);
    expect(row.profile).toBe(answer.body.ResponseBody!.profile);
    // An empty language field (a form with the select left blank) is the same as none.
    const blank = await saveProfile({ first_name: 'Seed', last_name: 'Blank', locale: '' });
    expect(blank.status).toBe(200);
    expect((await ownRow()).locale).toBe('ro');
    await (await db()).update(admins).set({ locale: 'en' }).where(eq(admins.email, TEST_ADMIN.email));
  });

  it('names every bad field, and changes nothing', async () => {
    const before = await ownRow();
    const answer = await saveProfile({ first_name: '  ', last_name: 'x'.repeat(101), locale: 'de' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['first_name', 'last_name', 'locale']);
    expect(answer.body.errors!.first_name).toBe('This field is required.');
    const after = await ownRow();
    expect([after.firstName, after.lastName, after.locale]).toEqual([
      before.firstName,
      before.lastName,
      before.locale,
    ]);
  });

  it('refuses a file that is not an image (415) on the photo field, changing nothing', async () => {
    const before = await ownRow();
    const answer = await saveProfile(
      { first_name: 'Grace', last_name: 'Hopper', locale: 'en' },
      {
        name: 'x.svg',
        type: 'image/svg+xml',
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    );
    expect(answer.status).toBe(415);
    expect(answer.body.errors).toHaveProperty('profile');
    expect((await ownRow()).firstName).toBe(before.firstName);
  });

  it('takes multipart only, and only from a signed-in admin', async () => {
    const json = await post(server.url, '/api/admin/updateprofile', { first_name: 'A' }, asAdmin());
    expect(json.status).toBe(415);
    const anonymous = await fetch(`${server.url}/api/admin/updateprofile`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps the last of two parallel saves whole: names and photo from the same request', async () => {
    const [one, two] = await Promise.all([
      saveProfile(
        { first_name: 'One', last_name: 'First', locale: 'en' },
        { name: '1.png', type: 'image/png', bytes: await png(32, 32, '#111111') },
      ),
      saveProfile(
        { first_name: 'Two', last_name: 'Second', locale: 'en' },
        { name: '2.png', type: 'image/png', bytes: await png(32, 32, '#222222') },
      ),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const row = await ownRow();
    const winner = [one, two]
      .map((answer) => answer.body.ResponseBody!)
      .find((saved) => saved.first_name === row.firstName)!;
    expect(row.profile).toBe(winner.profile);
    const loser = [one, two].map((answer) => answer.body.ResponseBody!).find((saved) => saved !== winner)!;
    expect(await imageRows(loser.profile!)).toHaveLength(0);
  });
});

describe('the saved language', () => {
  it('is saved from the header menu, names a bad value, and follows the admin into mail and a new browser', async () => {
    const bad = await post(server.url, '/api/admin/updatelanguage', { locale: 'xx' }, asAdmin());
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('locale');
    const saved = await post(server.url, '/api/admin/updatelanguage', { locale: 'ro' }, asAdmin());
    expect(saved.status).toBe(200);
    expect((await ownRow()).locale).toBe('ro');

    // A sign-in from a browser that has never seen this admin: the code mail is in Romanian, and
    // the session starts with the Romanian language cookie.
    const headers = { ...fromNewAddress(), 'sec-fetch-site': 'same-origin' };
    const login = await post<{ otpToken: string }>(server.url, '/api/admin/login', TEST_ADMIN, headers);
    expect(login.status).toBe(200);
    const mail = await mailbox.nextMail(TEST_ADMIN.email);
    expect(mail.subject).toMatch(/cod/i);
    const verified = await post(
      server.url,
      '/api/admin/verifyotp',
      { otpToken: login.body.ResponseBody!.otpToken, otp: codeFrom(mail) },
      headers,
    );
    expect(verified.status).toBe(200);
    const cookies = verified.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith('locale='))).toMatch(/^locale=ro;.*SameSite=Lax/i);
    const session = cookies.find((cookie) => cookie.startsWith('session='))!.split(';')[0]!;
    const page = await fetch(`${server.url}/dashboard`, { headers: { cookie: `${session}; locale=ro` } });
    expect(await page.text()).toContain('<html lang="ro"');
    await post(server.url, '/api/admin/updatelanguage', { locale: 'en' }, asAdmin());
  });
});
