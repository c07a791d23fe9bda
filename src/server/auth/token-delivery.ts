import { HttpError } from '../http/errors';
import { namesItsOrigin } from '../http/same-origin';

/** The request header an API client sends to be given the session token in the answer's body. */
export const SESSION_DELIVERY_HEADER = 'x-session-delivery';

/**
 * How a new session reaches its client. By default only as the `HttpOnly` cookie, which page
 * scripts cannot read. A program that wants `Authorization: Bearer` asks with
 * `X-Session-Delivery: bearer` and then gets the token in the body and no cookie. A browser page
 * cannot be that program: a request that names its origin (`Sec-Fetch-Site` or `Origin`, which
 * browsers add on their own and scripts cannot remove) is refused before the code is looked at,
 * so a script injected into our pages cannot ask for the token either.
 */
export function sessionDelivery(request: Request): 'cookie' | 'bearer' {
  const asked = request.headers.get(SESSION_DELIVERY_HEADER);
  if (asked === null) return 'cookie';
  if (asked.trim().toLowerCase() !== 'bearer') {
    throw new HttpError(400, 'auth.bearer.unknownDelivery');
  }
  if (namesItsOrigin(request)) throw new HttpError(403, 'auth.bearer.browserRequest');
  return 'bearer';
}
