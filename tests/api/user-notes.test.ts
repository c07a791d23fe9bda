import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteRow } from '../../src/shared/users/ban-input';
import { get, post } from '../support/api';
import { adminWithRole } from '../support/admins';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

// Issue #41, notes on a player: 1–2,000 characters, read by whoever sees users, deleted only by
// their author or an Owner; and the product API's standing call.

let server: TestServer;
let owner: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  owner = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

const as = (token: string) => ({ cookie: `session=${token}` });
const addNote = (headers: Record<string, string>, body: unknown) =>
  post<NoteRow>(server.url, '/api/admin/addusernote', body, headers);
const notesOf = async (id: number) =>
  (await get<{ list: NoteRow[] }>(server.url, `/api/admin/getusernotes?user_id=${id}`, owner)).body
    .ResponseBody!.list;

describe('notes on a player', () => {
  it('adds, lists newest first, and refuses bad text with 400 naming it', async () => {
    const [id] = await insertUsers([{}]);
    expect((await addNote(owner, { user_id: id, text: 'First contact' })).status).toBe(200);
    const second = await addNote(owner, { user_id: id, text: '  Asked for a refund  ' });
    expect(second.body.ResponseBody).toMatchObject({ user_id: id, text: 'Asked for a refund' });
    expect((await notesOf(id!)).map((note) => note.text)).toEqual(['Asked for a refund', 'First contact']);
    for (const text of ['   ', 'x'.repeat(2_001)]) {
      const answer = await addNote(owner, { user_id: id, text });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['text']);
    }
    expect((await addNote(owner, { user_id: id, text: 'x'.repeat(2_000) })).status).toBe(200);
    expect((await addNote(owner, { user_id: 999_999, text: 'Nobody' })).status).toBe(404);
    expect((await get(server.url, '/api/admin/getusernotes?user_id=999999', owner)).status).toBe(404);
  });

  it('lets the author or an Owner delete a note, and no one else', async () => {
    const [id] = await insertUsers([{}]);
    const author = await adminWithRole('administrator', 'Author');
    const colleague = await adminWithRole('administrator', 'Colleague');
    const note = (await addNote(as(author.token), { user_id: id, text: 'Mine' })).body.ResponseBody!;
    expect(note.author?.id).toBe(author.id);
    const remove = (headers: Record<string, string>, noteId: number) =>
      post(server.url, '/api/admin/deleteusernote', { id: noteId }, headers);

    expect((await remove(as(colleague.token), note.id)).status).toBe(403);
    expect(await notesOf(id!)).toHaveLength(1);
    expect((await remove(as(author.token), note.id)).status).toBe(200);
    expect((await remove(as(author.token), note.id)).status).toBe(404);

    const another = (await addNote(as(author.token), { user_id: id, text: 'Again' })).body.ResponseBody!;
    expect((await remove(owner, another.id)).status).toBe(200);
    expect(await notesOf(id!)).toEqual([]);
  });

  it('needs users.edit to write and users.view to read', async () => {
    const [id] = await insertUsers([{}]);
    const readonly = await adminWithRole('readonly', 'Reader');
    expect((await addNote(as(readonly.token), { user_id: id, text: 'No' })).status).toBe(403);
    expect((await get(server.url, `/api/admin/getusernotes?user_id=${id}`, as(readonly.token))).status).toBe(
      200,
    );
    const content = await adminWithRole('content', 'Writer');
    expect((await get(server.url, `/api/admin/getusernotes?user_id=${id}`, as(content.token))).status).toBe(
      403,
    );
  });
});

describe('GET /api/app/users/{external_id}', () => {
  const makeKey = async (scopes: string[]) => {
    const answer = await post<{ key: string }>(
      server.url,
      '/api/admin/addapikey',
      { name: `Key ${scopes.join(' ')}`, scopes },
      owner,
    );
    return { authorization: `Bearer ${answer.body.ResponseBody!.key}` };
  };
  const standing = (key: Record<string, string>, externalId: string) =>
    get(server.url, `/api/app/users/${encodeURIComponent(externalId)}`, key);

  it('tells the standing, with the ban in force, to a key with users.read or users.write', async () => {
    const [id] = await insertUsers([{ externalId: 'player-77' }]);
    const reader = await makeKey(['users.read']);
    const writer = await makeKey(['users.write']);
    expect((await standing(reader, 'player-77')).body.ResponseBody).toEqual({
      id,
      external_id: 'player-77',
      status: 'active',
      ban: null,
      erasure: null,
    });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await post(server.url, '/api/admin/banuser', { id, reason: 'Chargeback', until }, owner);
    for (const key of [reader, writer]) {
      const answer = await standing(key, 'player-77');
      expect(answer.status).toBe(200);
      expect(answer.body.ResponseBody).toEqual({
        id,
        external_id: 'player-77',
        status: 'blocked',
        ban: { reason: 'Chargeback', until },
        erasure: null,
      });
    }
    const erasure = await post<{ scheduled_for: string }>(server.url, '/api/admin/eraseuser', { id }, owner);
    expect(erasure.status).toBe(200);
    expect((await standing(reader, 'player-77')).body.ResponseBody).toMatchObject({
      erasure: { scheduled_for: erasure.body.ResponseBody!.scheduled_for },
    });
    expect((await standing(reader, 'nobody-here')).status).toBe(404);
    expect((await standing(await makeKey(['games.write']), 'player-77')).status).toBe(403);
    expect((await standing({}, 'player-77')).status).toBe(401);
  });
});
