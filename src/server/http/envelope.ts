import type { APIContext, APIRoute } from 'astro';
import { safeParse, type core, type output } from 'zod/mini';
import { hasControlCharacter } from '../../lib/control-characters';
import type { Answer, answerType, Envelope } from '../../lib/envelope';
import { catalogueIssues } from '../../lib/zod-issues';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logError } from '../log';
import { HttpError } from './errors';
import { findJsonProblem, JSON_DEPTH_MAX } from './json-check';
import { fieldErrors } from './validation';
import type { I18nKey } from '../../i18n/keys';

const API_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function envelope(
  status: number,
  fields: Omit<Envelope, 'succeeded' | 'ResponseCode'>,
  headers: Record<string, string> = {},
): Response {
  const body: Envelope = { succeeded: status < 400, ResponseCode: status, ...fields };
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

/** A success; its type remembers the payload's, for the islands' client. */
export function ok<Body = never, Data = never>(
  context: APIContext,
  messageKey: I18nKey,
  payload: { ResponseBody?: Body; ResponseData?: Data } = {},
  values?: Record<string, unknown>,
): Answer<Body, Data> {
  return envelope(200, { ResponseMessage: context.locals.t(messageKey, values), ...payload });
}

/**
 * A success whose result sits at the top level of the JSON beside the envelope's fields, for the
 * contract that puts it there: the generic account API (DESIGN.md §5), whose clients read
 * `response.data.serviceToken`. Every other answer nests its result in `ok`'s fields.
 */
export function okAtTopLevel(
  context: APIContext,
  messageKey: I18nKey,
  result: Record<string, unknown> & { [Field in keyof Envelope]?: never },
): Response {
  return envelope(200, { ...result, ResponseMessage: context.locals.t(messageKey) });
}

/**
 * What an HttpError says to the person in the request's language: the message and, when there
 * are any, each field's. The JSON envelope and the signed-out pages' form posts both say it so.
 */
export function describeHttpError(
  t: App.Locals['t'],
  error: HttpError,
): { message: string; errors: Record<string, string> | undefined } {
  const { errors, fieldKeys, values } = error.options;
  const translated = fieldKeys
    ? Object.fromEntries(Object.entries(fieldKeys).map(([field, key]) => [field, t(key, values)]))
    : undefined;
  return {
    message: t(error.messageKey, values),
    errors: errors || translated ? { ...errors, ...translated } : undefined,
  };
}

function errorResponse(context: APIContext, error: unknown): Response {
  if (error instanceof HttpError) {
    const { message, errors } = describeHttpError(context.locals.t, error);
    const { headers, body } = error.options;
    return envelope(error.status, { ResponseMessage: message, errors, ResponseBody: body }, headers);
  }
  // Not this endpoint's failure: the middleware answers 503 for every route alike (middleware.ts).
  if (isDatabaseUnavailable(error)) throw error;
  // The stack goes to the log; the person gets a plain sentence and no internals.
  logError('request.failed', error, { path: context.url.pathname });
  return envelope(500, { ResponseMessage: context.locals.t('api.error.internal') });
}

/** An endpoint that remembers, for the types only, what its handler answers on success. */
export type TypedRoute<R extends Response> = APIRoute & {
  readonly [answerType]?: R extends Answer<infer Body, infer Data> ? { body: Body; data: Data } : never;
};

/** Wraps an endpoint so every failure leaves as an envelope with a truthful status. */
export function endpoint<R extends Response>(handler: (context: APIContext) => Promise<R>): TypedRoute<R> {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(context, error);
    }
  };
}

/** Validates a value with a zod schema; failure is a 400 naming each field. */
export function parseWith<S extends core.$ZodType>(
  schema: S,
  value: unknown,
  context: Pick<APIContext, 'locals'>,
): output<S> {
  const result = safeParse(schema, value, catalogueIssues);
  if (result.success) return result.data;
  throw new HttpError(400, 'api.error.validation', { errors: fieldErrors(result.error, context.locals.t) });
}

export interface JsonReadOptions {
  /** Top-level arrays of rows whose text the endpoint checks row by row (see `findJsonProblem`). */
  rows?: readonly string[];
}

/**
 * Reads a JSON body: 415 unless it is `application/json`, 400 when it does not parse, nests too
 * deep or holds a control character (naming the field, before the schema sees it), or does not
 * validate. `fallback` fills fields the body leaves out (the sign-in steps' pending cookies).
 */
export async function readJson<S extends core.$ZodType>(
  context: APIContext,
  schema: S,
  fallback: Record<string, unknown> = {},
  options: JsonReadOptions = {},
): Promise<output<S>> {
  const type = context.request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'api.error.unsupportedMediaType');
  let value: unknown;
  try {
    value = await context.request.json();
  } catch {
    throw new HttpError(400, 'api.error.validation', {
      errors: { body: context.locals.t('validation.json') },
    });
  }
  const problem = findJsonProblem(value, options.rows);
  if (problem?.kind === 'depth') {
    const [field] = problem.path;
    const name = typeof field === 'string' ? field : 'body';
    throw invalidField(name, 'validation.tooDeep', { max: JSON_DEPTH_MAX });
  }
  if (problem) throw invalidField(problem.path.join('.') || 'body', 'validation.controlCharacter');
  const filled =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...withoutEmpty(fallback), ...value }
      : value;
  return parseWith(schema, filled, context);
}

/** A 400 naming one field, its message an i18n key translated when the answer is written. */
export function invalidField(field: string, key: I18nKey, values?: Record<string, unknown>): HttpError {
  return new HttpError(400, 'api.error.validation', { fieldKeys: { [field]: key }, values });
}

/** Text parameters (form fields, query parameters) that hold a control character: 400 naming the first. */
export function assertPlainText(fields: Record<string, string>, except: readonly string[] = []): void {
  const bad = Object.keys(fields).find(
    (name) => !except.includes(name) && hasControlCharacter(fields[name]!),
  );
  if (bad !== undefined) throw invalidField(bad, 'validation.controlCharacter');
}

const withoutEmpty = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));

/** Reads the list query of DESIGN.md §5 plus any extra fields the schema adds; 400 names a bad one. */
export function readQuery<S extends core.$ZodType>(context: APIContext, schema: S): output<S> {
  const query = Object.fromEntries(context.url.searchParams);
  // A search is matched as typed: one with a control character simply matches nothing (text-search.ts).
  assertPlainText(query, ['search']);
  return parseWith(schema, query, context);
}
