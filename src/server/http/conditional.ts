import { matchesIfNoneMatch } from '../cms/public-page';

/** What a 304 leaves out: it has no body, so nothing that describes one. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding'];

/**
 * A rendered page the browser already holds becomes a 304, decided after the page and its
 * headers are complete. Browsers replace a cached answer's headers with the 304's, so the 304
 * must carry the page's own Content-Security-Policy: a deny-all policy meant for JSON (what an
 * answer without a type gets) would leave the cached page unstyled on every reload (#38, item 2).
 */
export function answerConditionally(request: Request, response: Response): Response {
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag || (request.method !== 'GET' && request.method !== 'HEAD')) {
    return response;
  }
  if (!matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return response;
  void response.body?.cancel();
  const headers = new Headers(response.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  return new Response(null, { status: 304, headers });
}
