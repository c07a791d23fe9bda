/**
 * True when a browser tells us the request came from another site. Browsers send Sec-Fetch-Site
 * and/or Origin with every state-changing request; a request with neither comes from a non-browser
 * client, which cannot be tricked into sending someone's cookie. Older browsers without
 * Sec-Fetch-Site are judged by Origin, where `null` counts as foreign.
 */
export function isCrossSite(request: Request, ownHosts: readonly string[]): boolean {
  // Sec-Fetch-Site, when sent, is the browser's own verdict and wins: with `Referrer-Policy:
  // no-referrer` Chromium sends `Origin: null` even for a same-origin form post.
  const site = request.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return !ownHosts.includes(new URL(origin).host);
  } catch {
    // `Origin: null` (sandboxed frames, some redirects) cannot be ours.
    return true;
  }
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

/**
 * The hosts this server answers as: the one in PUBLIC_URL and the Host the browser addressed. A
 * forging page cannot choose the Host its victim's browser sends, so it is safe to compare with.
 */
export function ownHosts(request: Request, publicUrl: string): string[] {
  const hosts = [new URL(publicUrl).host];
  const addressed = request.headers.get('host');
  if (addressed) hosts.push(addressed);
  return hosts;
}

/** Requests that change state; GET endpoints with side effects check {@link isCrossSite} themselves. */
export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

/**
 * Stricter than `!isCrossSite`, for GET requests that change state (the legacy `changestatus`): a
 * cross-site `<img src>` or link sends the cookie with no Origin, and an old browser no
 * Sec-Fetch-Site either, so only positive proof counts: the browser's own `same-origin` verdict,
 * or an Origin that is ours.
 */
export function isProvenSameOrigin(request: Request, ownHosts: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    return ownHosts.includes(new URL(origin).host);
  } catch {
    return false;
  }
}
