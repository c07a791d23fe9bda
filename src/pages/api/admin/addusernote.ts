import { apiRoute } from '../../../shared/routes/declare';
import { NoteInput } from '../../../shared/users/ban-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { addNote } from '../../../server/users/notes';

export const route = apiRoute({
  path: '/api/admin/addusernote',
  methods: ['POST'],
  access: 'users.edit',
  input: NoteInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'users.notes.added', { ResponseBody: await addNote(input, actor) });
});
