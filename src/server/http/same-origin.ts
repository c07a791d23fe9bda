/**
 * True when a browser tells us the request came from another site. Browsers send Sec-Fetch-Site
 * and/or Origin with every state-changing request; a request with neither comes from a non-browser
 * client, which cannot be tricked into sending someone's cookie. Older browsers without
 * Sec-Fetch-Site are judged by Origin, where `null` counts as foreign.
 */
export function isCrossSite(request: Request, ownOrigins: readonly string[]): boolean {
  // Sec-Fetch-Site, when sent, is the browser's own verdict and wins: with `Referrer-Policy:
  // no-referrer` Chromium sends `Origin: null` even for a same-origin form post. Sent but empty (or
  // any value we do not know) it is no verdict at all, and no browser sends that: foreign.
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return !isOwnOrigin(origin, ownOrigins);
}

/**
 * True when the request says where it came from. Every browser that is still supported sends
 * `Origin` with a POST (and the current ones `Sec-Fetch-Site` too), so a request with neither
 * comes from a program, or from something that stripped the headers; carrying a session cookie,
 * it is refused (see the middleware).
 */
export function namesItsOrigin(request: Request): boolean {
  return request.headers.has('sec-fetch-site') || request.headers.has('origin');
}

/** What a browser puts in `Origin` for a page at `url`: scheme, host and port (default ports left out). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    // Opaque origins (`null`, `data:`, `file:`) name nobody's pages.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Scheme, host and port together: `https://host:port` and `ftp://host:port` are not `http://host:port`. */
function isOwnOrigin(origin: string, ownOrigins: readonly string[]): boolean {
  const normal = originOf(origin);
  return normal !== null && ownOrigins.includes(normal);
}

/**
 * The origins our pages are served from (README, "Where requests may come from"). With PUBLIC_URL
 * set, its origin alone: that is the address admins use, through whatever proxy, and the Host a
 * proxy passes on says nothing about the scheme the browser spoke. Without it (PUBLIC_URL is then
 * only the default `http://HOST:PORT`), the browser reached this entry directly, which speaks plain
 * HTTP only, so the page's origin is `http://` and the Host it addressed; a forging page cannot
 * choose the Host its victim's browser sends to us.
 */
export function ownOrigins(
  request: Request,
  cfg: { PUBLIC_URL?: string | undefined; publicUrl: string },
): string[] {
  const configured = originOf(cfg.publicUrl);
  const origins = configured ? [configured] : [];
  if (cfg.PUBLIC_URL) return origins;
  const addressed = request.headers.get('host');
  const direct = addressed ? originOf(`http://${addressed}`) : null;
  if (direct && !origins.includes(direct)) origins.push(direct);
  return origins;
}

/** Requests that change state; GET routes that do work declare `working: true`. */
export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

/**
 * Stricter than `!isCrossSite`, for GET requests that do work on the admin's behalf (exports,
 * the legacy `changestatus`): a cross-site `<img src>` or link sends the cookie with no Origin,
 * and an old browser no Sec-Fetch-Site either, so only positive proof counts: the browser's own
 * `same-origin` verdict, or an Origin that is ours. `none` (typed, bookmarked, or a link opened
 * from a mail program) is refused too: such a link can come from anyone.
 */
export function isProvenSameOrigin(request: Request, ownOrigins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && isOwnOrigin(origin, ownOrigins);
}
