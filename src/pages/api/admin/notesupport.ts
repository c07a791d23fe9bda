import { apiRoute } from '../../../shared/routes/declare';
import { SupportMessageInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { addSupportNote } from '../../../server/support/manage';

export const route = apiRoute({
  path: '/api/admin/notesupport',
  methods: ['POST'],
  access: 'support.reply',
  input: SupportMessageInput,
});

/** `{id, message}`: an internal note on the thread; never shown to the user. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'support.api.noted', { ResponseBody: await addSupportNote(input, actor) });
});
