import type { LimitClass } from '../../shared/routes/declare';

/**
 * JSON bodies are small; multipart carries one image of at most 2 MB (DESIGN.md §8) plus a few
 * text fields, so anything declaring more than that is refused before a byte is read. (An image a
 * little over 2 MB that fits the slack is refused by the image store, naming its field.)
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const MULTIPART_BODY_LIMIT = 2 * 1024 * 1024 + 64 * 1024;

/**
 * What each limit class of a route's declaration allows a JSON (or form) body. `batch` is for the
 * routes that take batches: `POST /api/app/users` carries up to 1,000 users, which at the fields'
 * longest (and escaped or multi-byte text) can pass 1 MB; 4 MB leaves room, and no more.
 */
export const BODY_LIMITS: Readonly<Record<LimitClass, number>> = {
  json: JSON_BODY_LIMIT,
  batch: 4 * 1024 * 1024,
};

/**
 * The class the Node entry checks every request against (src/server/main.ts): the largest, since
 * the entry runs before Astro and cannot read the route table (it is collected by Vite's
 * import.meta.glob). The middleware then holds each route to its own class, still before a byte
 * of the body is read (src/server/middleware/body-limit.ts).
 */
export const LARGEST_CLASS: LimitClass = 'batch';

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; message: string };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Decides from the headers alone, before a byte of the body is read. Bodies without a length
 * (chunked) are refused: browsers and API clients always send Content-Length for these requests,
 * and a declared length is what lets us refuse oversized bodies without reading them.
 */
export function checkBodySize(req: { headers: Headers }, limitClass: LimitClass = 'json'): BodyVerdict {
  const declared = req.headers['content-length'];
  const chunked = /chunked/i.test(String(req.headers['transfer-encoding'] ?? ''));
  if (declared === undefined) {
    return chunked
      ? { ok: false, status: 411, message: 'A Content-Length header is required.' }
      : { ok: true };
  }
  const size = Number(declared);
  const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/form-data');
  const limit = multipart ? MULTIPART_BODY_LIMIT : BODY_LIMITS[limitClass];
  if (!Number.isFinite(size) || size > limit) {
    return { ok: false, status: 413, message: `The request body is larger than ${limit} bytes.` };
  }
  return { ok: true };
}
