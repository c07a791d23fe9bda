import { apiRoute } from '../../../shared/routes/declare';
import { NoteIdInput } from '../../../shared/users/ban-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deleteNote } from '../../../server/users/notes';

export const route = apiRoute({
  path: '/api/admin/deleteusernote',
  methods: ['POST'],
  access: 'users.edit',
  input: NoteIdInput,
});

/** Its author or an Owner deletes a note. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  await deleteNote(id, actor);
  return ok(context, 'users.notes.deleted', {});
});
