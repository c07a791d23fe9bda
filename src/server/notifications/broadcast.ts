import type { APIContext } from 'astro';
import { isBroadcast, type AudienceShape } from '../../shared/notifications/broadcast-rule';
import { requirePermission } from '../roles/refusal';

/** Thrown inside a transaction that found it would change a broadcast its admin may not touch. */
class BroadcastNeeded extends Error {
  constructor() {
    super('notifications.broadcast needed');
  }
}

/** Inside the change's transaction, on the locked row: refuse a broadcast to an admin without the right. */
export function assertMayTouch(shape: AudienceShape, mayBroadcast: boolean): void {
  if (!mayBroadcast && isBroadcast(shape)) throw new BroadcastNeeded();
}

/**
 * Runs a change that may turn out to touch a broadcast. The refusal is found inside the change's
 * transaction (where the row is locked); it becomes the audited 403 naming
 * `notifications.broadcast` once that transaction has rolled back, so the audit row of the refusal
 * is never lost with it (and never waits for it, on PGlite's one connection).
 */
export async function asBroadcaster<T>(
  context: APIContext,
  work: (mayBroadcast: boolean) => Promise<T>,
): Promise<T> {
  const mayBroadcast = context.locals.admin?.permissions.includes('notifications.broadcast') ?? false;
  try {
    return await work(mayBroadcast);
  } catch (error) {
    if (error instanceof BroadcastNeeded) await requirePermission(context, 'notifications.broadcast');
    throw error;
  }
}
