import { sql } from 'drizzle-orm';
import type { NoteInput, NoteRow } from '../../shared/users/ban-input';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Notes admins keep on a player: written, listed, and deleted by their author or an Owner. */

const notFound = () => new HttpError(404, 'users.api.notFound');

interface NoteRecord {
  id: number;
  user_id: number;
  text: string;
  author_id: number | null;
  author_name: string | null;
  created_at: string | Date;
}

const toNote = (row: NoteRecord): NoteRow => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  text: row.text,
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
  created_at: new Date(row.created_at).toISOString(),
});

const NOTE_COLUMNS = sql`n.id, n.user_id, n.text, n.author_id,
  nullif(trim(a.first_name || ' ' || a.last_name), '') AS author_name, n.created_at`;

export async function addNote(input: NoteInput, actor: Actor): Promise<NoteRow> {
  return (await db()).transaction(async (tx) => {
    const [row] = await rowsOf<NoteRecord>(
      tx,
      sql`
      WITH added AS (
        INSERT INTO user_notes (user_id, author_id, text)
        SELECT id, ${actor.adminId}::int, ${input.text} FROM users WHERE id = ${input.user_id}::int
        RETURNING *
      )
      SELECT ${NOTE_COLUMNS} FROM added AS n LEFT JOIN admins AS a ON a.id = n.author_id`,
    );
    if (!row) throw notFound();
    await audit(tx, {
      adminId: actor.adminId,
      action: 'users.note_add',
      target: auditTarget('users', input.user_id),
      detail: JSON.stringify({ note: Number(row.id) }),
      ip: actor.ip,
    });
    return toNote(row);
  });
}

/** A player's notes, newest first (at most `limit`); 404 for an unknown player. */
export async function listNotes(userId: number, limit = 200): Promise<NoteRow[]> {
  const database = await db();
  const [known] = await rowsOf<{ id: number }>(database, sql`SELECT id FROM users WHERE id = ${userId}::int`);
  if (!known) throw notFound();
  const rows = await rowsOf<NoteRecord>(
    database,
    sql`SELECT ${NOTE_COLUMNS} FROM user_notes AS n LEFT JOIN admins AS a ON a.id = n.author_id
      WHERE n.user_id = ${userId}::int ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit}`,
  );
  return rows.map(toNote);
}

/**
 * Deletes a note: its author may, and so may an active Owner (read from the database, not the
 * session, so a role changed a moment ago counts). 404 when it is gone (a second click), 403 else.
 */
export async function deleteNote(noteId: number, actor: Actor): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    const [note] = await rowsOf<{ user_id: number; author_id: number | null; owner: boolean }>(
      tx,
      sql`
      SELECT n.user_id, n.author_id,
        EXISTS (SELECT 1 FROM admins WHERE id = ${actor.adminId}::int AND role = 'owner' AND status = 'active') AS owner
      FROM user_notes AS n WHERE n.id = ${noteId}::int FOR UPDATE OF n`,
    );
    if (!note) throw new HttpError(404, 'users.notes.notFound');
    if (note.author_id !== actor.adminId && !note.owner) throw new HttpError(403, 'users.notes.notYours');
    await tx.execute(sql`DELETE FROM user_notes WHERE id = ${noteId}::int`);
    await audit(tx, {
      adminId: actor.adminId,
      action: 'users.note_delete',
      target: auditTarget('users', note.user_id),
      detail: JSON.stringify({ note: noteId }),
      ip: actor.ip,
    });
  });
}
