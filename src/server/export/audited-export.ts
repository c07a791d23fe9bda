import type { APIContext } from 'astro';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { actorOf, assertSameOriginGet } from '../http/admin-request';
import { csvDownload, csvStream } from './csv';
import type { AuditAction } from '../../shared/audit/vocabulary';

/** Small enough that a batch's rows and text stay young garbage; large enough to keep queries few. */
export const EXPORT_BATCH = 2000;

type Cell = string | number | null | undefined;

interface ExportSpec<Row, Cursor> {
  /** The audit action: who took what out of the system is kept. */
  action: AuditAction;
  /** What was asked for (the filter), kept with the audit row. */
  detail: unknown;
  /** The file's name before its date (`users` → `users-2026-11-24.csv`). */
  filename: string;
  /** The header, and each row's cells in that order. */
  columns: readonly (keyof Row & string)[];
  /** The next batch after `cursor` (null: the first), and the cursor after it. */
  batch: (cursor: Cursor | null) => Promise<{ rows: Row[]; cursor: Cursor | null }>;
}

/**
 * Every row a filter matches, as a CSV download streamed in keyset batches (DESIGN.md §8):
 * signed-in, same-origin GETs only (checked before `describe` reads the query), audited before the
 * first byte.
 */
export async function auditedExport<Row, Cursor>(
  context: APIContext,
  describe: () => ExportSpec<Row, Cursor>,
): Promise<Response> {
  const actor = actorOf(context);
  assertSameOriginGet(context);
  const spec = describe();
  await audit(await db(), {
    adminId: actor.adminId,
    action: spec.action,
    detail: JSON.stringify(spec.detail),
    ip: actor.ip,
  });
  let cursor: Cursor | null = null;
  const body = csvStream(
    spec.columns,
    (row: Row) => spec.columns.map((column) => row[column] as Cell),
    async () => {
      const next = await spec.batch(cursor);
      cursor = next.cursor ?? cursor;
      return next.rows;
    },
    () => context.locals.outputReady?.() ?? Promise.resolve(),
  );
  return csvDownload(body, spec.filename);
}
