import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { adminDisplayName } from '../admins/display-name';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  admins,
  apiKeys,
  auditLog,
  notifications,
  puzzles,
  roles,
  supportQueries,
  users,
} from '../db/schema';
import { auditTarget, type AuditTargetKind } from '../../shared/audit/vocabulary';

interface Named {
  table: PgTable;
  key: PgColumn;
  name: SQL | PgColumn;
}

/** Each kind of target a person would know by name, and where that name is. */
const NAMED: Partial<Record<AuditTargetKind, Named>> = {
  users: { table: users, key: users.id, name: adminDisplayName(users.firstName, users.lastName) },
  admins: { table: admins, key: admins.id, name: adminDisplayName(admins.firstName, admins.lastName) },
  puzzles: { table: puzzles, key: puzzles.id, name: puzzles.title },
  notifications: { table: notifications, key: notifications.id, name: notifications.title },
  support: { table: supportQueries, key: supportQueries.id, name: supportQueries.subject },
  apikeys: { table: apiKeys, key: apiKeys.id, name: apiKeys.name },
  roles: { table: roles, key: roles.key, name: sql`nullif(${roles.name}, '')` },
};

const TARGET = /^(users|admins|puzzles|notifications|support|apikeys):(\d{1,9})$|^(roles):([a-z0-9-]{1,64})$/;

/**
 * What a page of audit entries is about, by name ("Morning Kakuro" for `puzzles:61`): one query per
 * kind on the page, by primary key. Things since deleted (or never named) have no entry: the
 * entry then names its target by id. A deleted custom role is the exception: its key says nothing
 * to a person, so it is named as its last audit entry left it. Built-in roles are named by the
 * catalogues, not here.
 */
export async function targetNames(targets: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = new Map<AuditTargetKind, Set<string | number>>();
  for (const target of new Set(targets)) {
    const match = target ? TARGET.exec(target) : null;
    if (!match) continue;
    const kind = (match[1] ?? match[3]!) as AuditTargetKind;
    const id = match[2] !== undefined ? Number(match[2]) : match[4]!;
    wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  }
  const run = await db();
  const found = await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const { table, key, name } = NAMED[kind]!;
      const rows = await rowsOf<{ key: string | number; name: string | null }>(
        run,
        sql`SELECT ${key} AS key, ${name} AS name FROM ${table} WHERE ${inArray(key, [...ids])}`,
      );
      return rows.flatMap((row) => (row.name ? [[`${kind}:${row.key}`, row.name] as const] : []));
    }),
  );
  const names = new Map<string, string>(found.flat());
  const goneRoles = [...(wanted.get('roles') ?? [])]
    .map((key) => auditTarget('roles', key))
    .filter((target) => target.startsWith('roles:custom-') && !names.has(target));
  for (const [target, name] of await lastRoleNames(goneRoles)) names.set(target, name);
  return names;
}

/** Custom roles' names as their last `roles.*` audit entry wrote them (`{name}` or `{after: {name}}`). */
async function lastRoleNames(targets: string[]): Promise<[string, string][]> {
  if (targets.length === 0) return [];
  const rows = await rowsOf<{ target: string; name: string | null }>(
    await db(),
    sql`SELECT DISTINCT ON (${auditLog.target}) ${auditLog.target} AS target,
          coalesce(${auditLog.detail}::jsonb #>> '{after,name}', ${auditLog.detail}::jsonb ->> 'name') AS name
        FROM ${auditLog}
        WHERE ${inArray(auditLog.target, targets)}
          AND ${inArray(auditLog.action, ['roles.create', 'roles.update', 'roles.delete'])}
        ORDER BY ${auditLog.target}, ${auditLog.at} DESC, ${auditLog.id} DESC`,
  );
  return rows.flatMap((row) => (row.name ? [[row.target, row.name] as [string, string]] : []));
}

/** The page's rows with `target_name` where the target has one. */
export async function withTargetNames<Row extends { target: string | null }>(
  rows: Row[],
): Promise<(Row & { target_name?: string })[]> {
  const names = await targetNames(rows.map((row) => row.target));
  return rows.map((row) => {
    const name = row.target ? names.get(row.target) : undefined;
    return name ? { ...row, target_name: name } : row;
  });
}
