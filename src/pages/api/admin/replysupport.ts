import { apiRoute } from '../../../shared/routes/declare';
import { SupportMessageInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, readJson } from '../../../server/http/envelope';
import { idempotent } from '../../../server/http/idempotency';
import { REPLY_SCOPE, replyToQuery } from '../../../server/support/reply';

export const route = apiRoute({
  path: '/api/admin/replysupport',
  methods: ['POST'],
  access: 'support.reply',
  input: SupportMessageInput,
});

/**
 * `{id, message}`: records the reply and mails it to the user. Two requests are two replies,
 * unless they carry the same `Idempotency-Key`: then the second answers as the first did.
 */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return idempotent(context, actor, REPLY_SCOPE, input, (claim) =>
    replyToQuery(input, actor, context.locals.locale, claim),
  );
});
