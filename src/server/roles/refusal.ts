import type { APIContext } from 'astro';
import type { Permission } from '../../shared/roles/permissions';
import { permissionWords } from '../../shared/roles/roles-labels';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { HttpError } from '../http/errors';
import { logError } from '../log';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Refusals of one admin on one route within one clock minute share an audit row. */
const DENIAL_WINDOW_MS = 60_000;

/**
 * A call the admin's role does not allow: an audit row (`permission.denied`, the route and the
 * missing permission), written on its own since the refused request changes nothing else. Repeats
 * are coalesced: at most one row per admin, route and minute, counting them, so a script hammering
 * a refused route cannot flood the trail. A failed write is logged, never turned into a 500: the
 * refusal stands either way.
 */
export async function auditDenied(context: APIContext, permission: Permission): Promise<void> {
  const admin = context.locals.admin;
  const target = auditTarget('route', context.url.pathname);
  const minute = Math.floor(Date.now() / DENIAL_WINDOW_MS);
  try {
    await audit(await db(), {
      adminId: admin?.id ?? null,
      action: 'permission.denied',
      target,
      coalesceKey: `permission.denied|${admin?.id ?? 0}|${target}|${minute}`,
      detail: JSON.stringify({ permission, method: context.request.method }),
      ip: context.locals.clientIp,
    });
  } catch (error) {
    logError('audit.write_failed', error, { action: 'permission.denied' }, { brief: true });
  }
}

/** The 403 that names what is missing, in words and as `ResponseBody.permission` for clients. */
export function permissionDenied(context: APIContext, permission: Permission): HttpError {
  return new HttpError(403, 'roles.api.denied', {
    values: { permission: permissionWords(context.locals.t, permission) },
    body: { permission },
  });
}

/**
 * For an endpoint whose need depends on what it is asked (a broadcast, a role to grant): refused
 * and audited unless the signed-in admin holds `permission`.
 */
export async function requirePermission(context: APIContext, permission: Permission): Promise<void> {
  if (context.locals.admin?.permissions.includes(permission)) return;
  await auditDenied(context, permission);
  throw permissionDenied(context, permission);
}
