import { AsyncLocalStorage } from 'node:async_hooks';
import { processGlobal } from '../process-global';

/** What the audit log keeps of the request behind a change, wherever in the request it is written. */
export interface RequestContext {
  /** Also sent as `X-Request-Id` and written on the request's log line, so the three can be matched. */
  requestId: string;
  userAgent: string | null;
}

/** One store for both bundles (the Node entry sets it, Astro's bundle reads it): see process-global.ts. */
const storage = () => processGlobal('request-context', () => new AsyncLocalStorage<RequestContext>());

/** Runs one request's handling with its context; everything it awaits sees the same context. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage().run(context, work);
}

/** The request being handled, or null outside one (start-up, scripts, tests calling services). */
export function currentRequest(): RequestContext | null {
  return storage().getStore() ?? null;
}
