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
 * A form post's fields as text (validate them with the endpoint's schema and `parseWith`); a field
 * sent several times (the six code boxes) is joined in order. 415 unless the body is a form.
 */
export async function readFormFields(page: FormPage): Promise<Record<string, string>> {
  if (!FORM_TYPES.test(page.request.headers.get('content-type') ?? '')) {
    throw new HttpError(415, 'api.error.notAForm');
  }
  let data: FormData;
  try {
    data = await page.request.formData();
  } catch {
    throw new HttpError(400, 'api.error.validation', {
      errors: { body: page.locals.t('validation.invalid') },
    });
  }
  const fields: Record<string, string> = {};
  for (const name of new Set(data.keys())) {
    fields[name] = data
      .getAll(name)
      .map((value) => (typeof value === 'string' ? value : ''))
      .join('');
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
