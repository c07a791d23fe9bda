import type { APIContext } from 'astro';
import { actorOf, type Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';

/**
 * The signed-in admin and the token of the session this request came with (cookie or bearer):
 * what "keep this session, end the others" is measured against.
 */
export function currentSession(context: APIContext): { actor: Actor; token: string } {
  const actor = actorOf(context);
  const token = context.locals.sessionToken;
  if (!token) throw new HttpError(401, 'api.error.unauthorized');
  return { actor, token };
}
