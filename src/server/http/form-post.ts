import type { APIContext } from 'astro';
import type { Failure } from '../../lib/api-failure';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logError } from '../log';
import { describeHttpError } from './envelope';
import { HttpError } from './errors';

/**
 * A page that handles its own form post, for the signed-out forms that must work before and
 * without page script: `Astro` in a page's frontmatter is one of these.
 */
export interface FormPage extends Pick<APIContext, 'cookies' | 'locals' | 'request' | 'url' | 'redirect'> {
  response: { status?: number; headers: Headers };
}

/** Pages that show or take a pending step are the browser's own business: never cached. */
export const noStore = (page: FormPage) => page.response.headers.set('cache-control', 'no-store');

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The largest a signed-out form can honestly be: a new password and its confirmation (1,024
 * characters each, up to 9 bytes apiece once percent-encoded) plus an address. Beyond it, the body
 * is refused before it is parsed, so no post costs more than a small form to read.
 */
export const FORM_BODY_LIMIT = 32 * 1024;
/** The six code boxes and a few more: no signed-out form has more fields than this. */
export const FORM_FIELDS_MAX = 32;

const tooLarge = () => new HttpError(413, 'api.error.formTooLarge');

/** The body, refused (413) as soon as it passes `limit`, whatever Content-Length claimed. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.byteLength;
    if (size > limit) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/** How many fields the body holds, counted on the raw bytes before any parser sees them. */
function countFields(body: Uint8Array, type: string): number {
  const text = Buffer.from(body).toString('latin1');
  if (/^application\/x-www-form-urlencoded/i.test(type)) return text.split('&').length;
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  return boundary ? text.split(`--${boundary}`).length - 1 : 0;
}

async function parseForm(body: Uint8Array, type: string): Promise<Iterable<[string, FormDataEntryValue]>> {
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    return new URLSearchParams(Buffer.from(body).toString('utf8'));
  }
  return new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
}

/**
 * A form post's fields as text (validate them with the endpoint's schema and `parseWith`), only
 * those named in `accepted`; a field sent several times (the six code boxes) is joined in order.
 * 415 unless the body is a form; 413 when it is larger or has more fields than any of our forms.
 * The entries are read once, so the work grows with the body's size and nothing else.
 */
export async function readFormFields<Name extends string>(
  page: FormPage,
  accepted: readonly Name[],
): Promise<Partial<Record<Name, string>>> {
  const type = page.request.headers.get('content-type') ?? '';
  if (!FORM_TYPES.test(type)) throw new HttpError(415, 'api.error.notAForm');
  const body = await readCapped(page.request, FORM_BODY_LIMIT);
  if (countFields(body, type) > FORM_FIELDS_MAX) throw tooLarge();
  let entries: Iterable<[string, FormDataEntryValue]>;
  try {
    entries = await parseForm(body, type);
  } catch {
    throw new HttpError(400, 'api.error.validation', {
      errors: { body: page.locals.t('validation.invalid') },
    });
  }
  const wanted = new Set<string>(accepted);
  const fields: Partial<Record<Name, string>> = {};
  for (const [name, value] of entries) {
    if (!wanted.has(name)) continue;
    const key = name as Name;
    fields[key] = (fields[key] ?? '') + (typeof value === 'string' ? value : '');
  }
  return fields;
}

export type FormOutcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * Runs one step for a form post. A refusal becomes what the island would have shown after its
 * fetch (the same {@link Failure}: message, field errors, body), and the page answers with the
 * refusal's status and headers (400, 401, 410, 429 with Retry-After, 503), so the status is
 * truthful and the person sees the same words with or without script.
 */
export async function runForm<T>(page: FormPage, step: () => Promise<T>): Promise<FormOutcome<T>> {
  try {
    return { ok: true, value: await step() };
  } catch (error) {
    // The middleware answers the page itself with "temporarily unavailable" (middleware.ts).
    if (isDatabaseUnavailable(error)) throw error;
    if (!(error instanceof HttpError)) {
      logError('request.failed', error, { path: page.url.pathname });
      page.response.status = 500;
      return {
        ok: false,
        failure: { status: 500, message: page.locals.t('api.error.internal'), fields: {}, body: {} },
      };
    }
    const { message, errors } = describeHttpError(page.locals.t, error);
    page.response.status = error.status;
    for (const [name, value] of Object.entries(error.options.headers ?? {})) {
      page.response.headers.set(name, value);
    }
    const body = error.options.body;
    return {
      ok: false,
      failure: {
        status: error.status,
        message,
        fields: errors ?? {},
        body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
      },
    };
  }
}
