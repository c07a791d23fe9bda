import { isEnvelope } from './envelope';

/** A rejected API call, flattened for a form: what to say, which fields, and the status to branch on. */
export interface Failure {
  /** The HTTP status; 0 when the server could not be reached or gave no envelope. */
  status: number;
  /** A sentence for the person (the server's, already in the page's language). */
  message: string;
  /** Field name → message, from a 400. */
  fields: Record<string, string>;
  /** The envelope's ResponseBody (tries left, retry after, resends left). */
  body: Record<string, unknown>;
}

/** `unreachable` is said when there is no envelope: network down, proxy error page, 'Wrong Services'. */
export function describeFailure(error: unknown, unreachable: string): Failure {
  if (!isEnvelope(error)) return { status: 0, message: unreachable, fields: {}, body: {} };
  const body = error.ResponseBody;
  return {
    status: error.ResponseCode,
    message: error.ResponseMessage || unreachable,
    fields: error.errors ?? {},
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
  };
}

/** A non-negative number from a ResponseBody, if it holds one under `key`. */
export function countIn(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
