import { NoteIdInput } from '../../../shared/users/ban-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deleteNote } from '../../../server/users/notes';

/** Its author or an Owner deletes a note. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, NoteIdInput);
  await deleteNote(id, actor);
  return ok(context, 'users.notes.deleted', {});
});
