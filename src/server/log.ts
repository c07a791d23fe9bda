import { errorChain, errorCode } from './db/unavailable';
import { currentRequest } from './http/request-context';

/**
 * One JSON line per event on stderr, whatever the error holds: a stack becomes an escaped field,
 * so a log shipper never splits one failure into many lines. The line names the request it
 * happened in (the `id` of its request line and `X-Request-Id`), and never carries a query's
 * parameters: see {@link describeError}.
 */
export function logError(
  event: string,
  error: unknown,
  extra: Record<string, unknown> = {},
  options: DescribeOptions = {},
): void {
  const requestId = currentRequest()?.requestId;
  process.stderr.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      event,
      ...(requestId ? { requestId } : {}),
      ...extra,
      ...describeError(error, options),
    })}\n`,
  );
}

export interface DescribeOptions {
  /** Class, code and message of each error in the chain only: no stack frames, no SQL text. */
  brief?: boolean;
}

const MAX_MESSAGE = 2000;
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

/**
 * An error as a log may keep it. Drizzle's message is "Failed query: <sql>\nparams: <values>",
 * and the values are what people typed or what must stay secret (emails, token hashes, password
 * hashes): only the SQL text (placeholders, no values) is kept, and only when not `brief`. Of each
 * stack only the frames are kept, since its first lines repeat the message.
 */
export function describeError(
  error: unknown,
  { brief = false }: DescribeOptions = {},
): { error: string; code?: string } {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { error: String(error).replace(EMAIL_ADDRESS, '<email>') };
  }
  const parts = errorChain(error).map((link, index) => {
    const head = `${index > 0 && !brief ? 'Caused by ' : ''}${className(link)}: ${safeMessage(link, brief)}`;
    const code = (link as { code?: unknown }).code;
    const withCode = typeof code === 'string' && code ? `${head} [${code}]` : head;
    if (brief) return withCode;
    const frames = String((link as Error).stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line));
    return [withCode, ...frames].join('\n');
  });
  const code = errorCode(error);
  return { error: parts.join(brief ? ' ← ' : '\n'), ...(code ? { code } : {}) };
}

function className(link: unknown): string {
  const { name } = link as { name?: unknown };
  const constructorName = (link as object).constructor?.name;
  if (typeof name === 'string' && name && name !== 'Error') return name;
  return constructorName && constructorName !== 'Object' ? constructorName : 'Error';
}

/** Drizzle's wrapper, whose message spells out the parameters (PGlite's own errors carry them too, but only as fields). */
function isDrizzleQueryError(link: unknown): link is { query: unknown; message: string } {
  const { query, message } = link as { query?: unknown; message?: unknown };
  return typeof message === 'string' && message.startsWith('Failed query:') && query !== undefined;
}

function safeMessage(link: unknown, brief: boolean): string {
  if (isDrizzleQueryError(link)) return brief ? 'Failed query' : `Failed query: ${String(link.query)}`;
  const message = String((link as { message?: unknown }).message ?? '');
  // Whatever else wraps a query the same way keeps its parameters out too; and mail servers name
  // the rejected recipient in their refusals.
  const cut = message.search(/\n\s*params:/);
  const safe = (cut >= 0 ? message.slice(0, cut) : message).replace(EMAIL_ADDRESS, '<email>');
  return safe.length > MAX_MESSAGE ? `${safe.slice(0, MAX_MESSAGE)}…` : safe;
}
