import { apiRoute } from '../../../shared/routes/declare';
import { SupportResendInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, readJson } from '../../../server/http/envelope';
import { render } from '../../../server/http/idempotency';
import { resendReply } from '../../../server/support/reply';

export const route = apiRoute({
  path: '/api/admin/resendsupportreply',
  methods: ['POST'],
  access: 'support.reply',
  input: SupportResendInput,
});

/** `{reply_id}`: mails again a reply whose mail failed; 409 when it was mailed (or is being mailed). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { reply_id } = await readJson(context, route.input);
  const answer = await resendReply(reply_id, actor, context.locals.locale);
  return render(context, answer);
});
