import { SupportResendInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, envelope, readJson } from '../../../server/http/envelope';
import { resendReply } from '../../../server/support/reply';

/** `{reply_id}`: mails again a reply whose mail failed; 409 when it was mailed (or is being mailed). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { reply_id } = await readJson(context, SupportResendInput);
  const answer = await resendReply(reply_id, actor, context.locals.locale);
  return envelope(answer.status, {
    ResponseMessage: context.locals.t(answer.messageKey),
    ...answer.payload,
  });
});
