import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/shared/users/user-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { appUsers, createKey, syncUsers } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * What every JSON body, form field and query parameter may hold, checked before any schema or
 * SQL sees it: no nesting deeper than 64 levels below a field (a deeper one overflowed the stack
 * of whatever read it next: 500), no control characters but tab and line breaks (PostgreSQL
 * refuses NUL: 500), no date PostgreSQL cannot hold. Each is a 400 naming the field.
 */
let server: TestServer;
let admin: Record<string, string>;
let app: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ ALLOW_REGISTRATION: 'true' });
  const token = await createTestSession();
  admin = { cookie: `session=${token}` };
  app = { authorization: `Bearer ${(await createKey(server.url, token)).key}` };
});
afterAll(() => server?.stop());

/** `{"a":{"a":…1…}}`, `levels` deep, as text (JSON.stringify would itself overflow first). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('JSON nesting', () => {
  it('refuses puzzle content sent as an object 100,000 levels deep: 400 naming content', async () => {
    const body = `{"title":"Deep","category":"Logic","difficulty":"easy","content":${nested(100_000)}}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    const answer = await post(server.url, '/api/admin/addpuzzle', body, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ content: 'This value is nested too deeply: at most 64 levels.' });
  });

  it('refuses it in any JSON body, admin or product API, naming the field', async () => {
    const notification = `{"id":1,"title":${nested(100_000)},"message":"m"}`;
    const admins = await post(server.url, '/api/admin/update-notification', notification, admin);
    expect(admins.status).toBe(400);
    expect(Object.keys(admins.body.errors!)).toEqual(['title']);

    const users = await post(server.url, '/api/app/users', `{"users":[${nested(100_000)}]}`, app);
    expect(users.status).toBe(400);
    expect(Object.keys(users.body.errors!)).toEqual(['users']);

    const bare = await post(
      server.url,
      '/api/app/support',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      app,
    );
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.errors!)).toEqual(['body']);
  });

  it('still takes content as deep as content typed as text may be', async () => {
    const content = { type: 'quiz', questions: [{ question: 'Q?', choices: ['a', 'b'], answer: 0 }] };
    const answer = await post(
      server.url,
      '/api/admin/addpuzzle',
      { title: 'Shallow', category: 'Logic', difficulty: 'easy', content },
      admin,
    );
    expect(answer.status).toBe(200);
  });
});

describe('control characters', () => {
  const refusal = 'Remove the control characters (such as NUL); only tabs and line breaks are allowed.';

  it('rejects a row with NUL in a /api/app/users batch and writes the good rows', async () => {
    const [first, second, third] = appUsers(3, 'nul-batch');
    const answer = await syncUsers(server.url, app.authorization!.slice(7), {
      users: [first, { ...second, first_name: 'Ada\u0000' }, third],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({
      created: 2,
      rejected: [
        { index: 1, external_id: 'nul-batch-1', field: 'first_name', code: 'invalid', reason: refusal },
      ],
    });
    const listed = await get<ListResult<UserRow>>(server.url, '/api/admin/getusers?search=nul-batch', admin);
    const result = (listed.body.ResponseBody ?? listed.body.ResponseData) as ListResult<UserRow>;
    const emails = result.list.map((user) => user.email).sort();
    expect(emails).toEqual(['nul-batch.0@app.test', 'nul-batch.2@app.test']);
  });

  it('refuses NUL in /api/app/support and addapikey: 400 naming the field', async () => {
    const support = await post(
      server.url,
      '/api/app/support',
      { external_id: 'nul-batch-0', subject: 'Help', message: 'Stuck\u0000' },
      app,
    );
    expect(support.status).toBe(400);
    expect(support.body.errors).toEqual({ message: refusal });

    const key = await post(server.url, '/api/admin/addapikey', { name: 'key\u0000' }, admin);
    expect(key.status).toBe(400);
    expect(key.body.errors).toEqual({ name: refusal });
  });

  it('refuses other control characters and names nested fields by their path', async () => {
    const escape = await post(
      server.url,
      '/api/admin/admin/bulk-notifications',
      { title: 'Hi', message: 'Hello \u001b[2J', all: true },
      admin,
    );
    expect(escape.status).toBe(400);
    expect(escape.body.errors).toEqual({ message: refusal });

    const nestedKey = await post(
      server.url,
      '/api/admin/bulkchangestatus',
      { status: 'blocked', match: { search: 'x\u0007' } },
      admin,
    );
    expect(nestedKey.status).toBe(400);
    expect(nestedKey.body.errors).toEqual({ 'match.search': refusal });
  });

  it('takes tabs and line breaks, Windows ones included', async () => {
    const [user] = appUsers(1, 'line-breaks');
    expect((await syncUsers(server.url, app.authorization!.slice(7), { users: [user] })).status).toBe(200);
    const answer = await post(
      server.url,
      '/api/app/support',
      { external_id: user!.external_id, subject: 'Help\twith tabs', message: 'Line one\r\nLine two\nThree' },
      app,
    );
    expect(answer.status).toBe(200);
  });

  it('refuses NUL in a query parameter (400 naming it), and a search with one matches nothing', async () => {
    const inbox = await get(server.url, '/api/app/notifications?external_id=%00', app);
    expect(inbox.status).toBe(400);
    expect(inbox.body.errors).toEqual({ external_id: refusal });

    for (const path of [
      'getusers',
      'getsupport',
      'getpuzzles',
      'get_notification',
      'getapikeys',
      'getadmins',
    ]) {
      const answer = await get<ListResult<unknown>>(server.url, `/api/admin/${path}?search=%00`, admin);
      expect(answer.status, path).toBe(200);
      const result = (answer.body.ResponseBody ?? answer.body.ResponseData) as ListResult<unknown>;
      expect(result.list, path).toEqual([]);
      expect(result.total, path).toBe(0);
    }
    const picker = await get<{ list: unknown[] }>(
      server.url,
      '/api/admin/admin/get-users?search=a%01',
      admin,
    );
    expect(picker.status).toBe(200);
    expect((picker.body.ResponseData as { list: unknown[] }).list).toEqual([]);
  });

  it('refuses NUL in a multipart field: 400 naming it', async () => {
    const form = new FormData();
    form.set('first_name', 'Ada\u0000');
    form.set('last_name', 'Lovelace');
    form.set('email', 'ada.nul@example.test');
    const response = await fetch(`${server.url}/api/admin/adduser`, {
      method: 'POST',
      headers: { ...admin, 'sec-fetch-site': 'same-origin' },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({ first_name: refusal });
  });
});

/** A multipart POST as the signed-in admin (the user and profile forms). */
async function postForm(path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...admin, 'sec-fetch-site': 'same-origin' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { errors?: Record<string, string> } };
}

describe('names on one line', () => {
  const oneLine = 'Keep this on one line: no line breaks, tabs, separators or other control characters.';
  /** Each would break the line where the name is printed (a mail, a list, the audit trail) or reorder it. */
  const broken = [
    'Eve\u2028Your sign-in code is 111111.',
    'Eve\u2029Your sign-in code is 111111.',
    'Eve\nYour sign-in code is 111111.',
    'Eve\r\nYour sign-in code is 111111.',
    'Eve\tLead',
    'Eve\u202eLead',
  ];
  const invite = (names: { first_name: string; last_name: string }, email: string, headers = admin) =>
    post(server.url, '/api/admin/inviteadmin', { ...names, email }, headers);

  it('refuses them in an invited admin’s names: 400 naming the field, nobody invited', async () => {
    for (const [at, name] of broken.entries()) {
      const email = `one-line-${at}@example.test`;
      const first = await invite({ first_name: name, last_name: 'Lead' }, email);
      expect(first.status, JSON.stringify(name)).toBe(400);
      expect(first.body.errors, JSON.stringify(name)).toEqual({ first_name: oneLine });
      const last = await invite({ first_name: 'Eve', last_name: name }, email);
      expect(last.body.errors, JSON.stringify(name)).toEqual({ last_name: oneLine });
      expect(await (await db()).select().from(admins).where(eq(admins.email, email))).toEqual([]);
    }
    // NEL (U+0085) is a control character: refused before the schema, naming the field all the same.
    const nel = await invite({ first_name: 'Eve\u0085Lead', last_name: 'Lead' }, 'nel@example.test');
    expect(nel.status).toBe(400);
    expect(nel.body.errors).toEqual({
      first_name: 'Remove the control characters (such as NUL); only tabs and line breaks are allowed.',
    });
  });

  it('refuses them in a user’s names, from the admin’s form and from the product’s sync', async () => {
    const added = await postForm('/api/admin/adduser', {
      first_name: 'Ada',
      last_name: 'Lovelace\u2028Blocked',
      email: 'ada.one-line@example.test',
    });
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual({ last_name: oneLine });

    const [good, bad] = appUsers(2, 'one-line');
    const synced = await syncUsers(server.url, app.authorization!.slice(7), {
      users: [good, { ...bad, first_name: 'Grace\nHopper' }],
    });
    expect(synced.status).toBe(200);
    expect(synced.body.ResponseBody).toMatchObject({
      created: 1,
      rejected: [{ index: 1, field: 'first_name', code: 'invalid', reason: oneLine }],
    });
  });

  it('refuses them in the profile and in the account API’s register', async () => {
    const profile = await postForm('/api/admin/updateprofile', {
      first_name: 'Ad\u2029min',
      last_name: 'Owner',
    });
    expect(profile.status).toBe(400);
    expect(profile.body.errors).toEqual({ first_name: oneLine });

    const register = await post(server.url, '/api/account/register', {
      email: 'one-line.register@example.test',
      password: 'a long unusual passphrase',
      firstName: 'New',
      lastName: 'Admin\u2028Your code is 111111',
    });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual({ lastName: oneLine });
  });

  it('refuses them in a custom role’s name', async () => {
    const role = await post(
      server.url,
      '/api/admin/saverole',
      { name: 'Ops\u2028Team', permissions: ['users.view'] },
      admin,
    );
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual({ name: oneLine });
  });

  it('says so in the admin’s language', async () => {
    const answer = await invite({ first_name: 'Ève\u2028Code', last_name: 'Lead' }, 'eve.fr@example.test', {
      ...admin,
      cookie: `${admin.cookie}; locale=fr`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      first_name:
        'Écrivez ceci sur une seule ligne\u00a0: sans retour à la ligne, tabulation, séparateur ni autre caractère de contrôle.',
    });
  });

  it('still takes names in any script, with their own spaces and marks', async () => {
    const answer = await invite(
      { first_name: 'Zoë Ó’Brien', last_name: 'محمد 李小龙' },
      'any-script@example.test',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({ first_name: 'Zoë Ó’Brien', last_name: 'محمد 李小龙' });
  });
});

describe('cookies', () => {
  it('treats a forged pending-reset cookie holding NUL as none', async () => {
    const forged = JSON.stringify({ email: 'a\u0000@example.test', resendAt: 0 });
    const headers = {
      cookie: `pending-reset=${encodeURIComponent(forged)}`,
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const resend = (path: string) =>
      fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers, body: 'intent=resend' });
    // /check-mail is the reset's code step: both refuse it alike.
    for (const path of ['/check-mail', '/code-verification?purpose=reset']) {
      expect((await resend(path)).status, path).toBe(410);
    }
  });
});

describe('dates', () => {
  it('refuses a game-history bound PostgreSQL cannot hold: 400 naming it', async () => {
    const answer = await get(server.url, '/api/admin/getgamehistory?from=-271821-04-20', admin);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ from: 'Enter a date between the years 1900 and 9999.' });
    const late = await get(server.url, '/api/admin/getgamehistory?to=275760-09-13', admin);
    expect(late.status).toBe(400);
    expect(Object.keys(late.body.errors!)).toEqual(['to']);
    const fine = await get(server.url, '/api/admin/getgamehistory?from=2020-01-01&to=2030-01-01', admin);
    expect(fine.status).toBe(200);
  });

  it('shows the puzzles page for an out-of-range day or a category with NUL in its address', async () => {
    for (const query of ['view=history&from=1899-12-31', 'category=%00']) {
      const page = await fetch(`${server.url}/puzzles?${query}`, { headers: admin, redirect: 'manual' });
      expect(page.status, query).toBe(200);
    }
  });
});
