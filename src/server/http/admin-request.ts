import type { APIContext } from 'astro';
import type { core, output } from 'zod/mini';
import { config } from '../config';
import { assertPlainText, parseWith } from './envelope';
import { HttpError } from './errors';
import { isProvenSameOrigin, ownOrigins } from './same-origin';

/** Who makes a change: kept in the audit row written in the same transaction. */
export interface Actor {
  adminId: number;
  ip: string;
}

/** The signed-in admin making the request; the middleware already guards, every endpoint re-checks. */
export function actorOf(context: APIContext): Actor {
  const { admin, clientIp } = context.locals;
  if (!admin) throw new HttpError(401, 'api.error.unauthorized');
  return { adminId: admin.id, ip: clientIp };
}

/**
 * For a GET that does work (declared `working: true`; the middleware checks first, the route again):
 * an API client with a bearer token is fine; a request that only carries the cookie must prove it
 * comes from our own pages.
 */
export function assertSameOriginGet(context: APIContext): void {
  const { request } = context;
  if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) return;
  if (!isProvenSameOrigin(request, ownOrigins(request, config()))) {
    throw new HttpError(403, 'api.error.crossSite');
  }
}

export interface MultipartInput<T> {
  fields: T;
  /** The uploaded file under `fileField`, when one with content was sent. */
  file: File | null;
}

/**
 * Reads a multipart form: 415 unless it is `multipart/form-data`, 400 when it does not parse or its
 * text fields hold a control character or do not validate. The file is returned unread; the image store checks it.
 */
export async function readMultipart<S extends core.$ZodType>(
  context: APIContext,
  schema: S,
  fileField: string,
): Promise<MultipartInput<output<S>>> {
  const type = context.request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'api.error.unsupportedMediaType');
  let form: FormData;
  try {
    form = await context.request.formData();
  } catch {
    throw new HttpError(400, 'api.error.validation', {
      errors: { body: context.locals.t('validation.invalid') },
    });
  }
  const text: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form) {
    if (typeof value === 'string') text[name] = value;
    else if (name === fileField && value.size > 0) file = value;
  }
  assertPlainText(text);
  return { fields: parseWith(schema, text, context), file };
}
