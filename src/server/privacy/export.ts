import { sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { EXPORT_SECTIONS, type Cursor } from './export-sections';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Names the document's shape, so a reader can tell versions apart. */
export const EXPORT_FORMAT = 'puzzle-admin.user-export.v1';

/**
 * The document, piece by piece: `{"format", "exported_at", "user_id", <section>: …}`, each list
 * section one batch per piece. Nothing is read before the piece before it has been taken.
 */
async function* pieces(userId: number): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(new Date().toISOString())},"user_id":${userId}`;
  for (const section of EXPORT_SECTIONS) {
    if ('one' in section) {
      yield `,${JSON.stringify(section.name)}:${JSON.stringify(await section.one(userId))}`;
      continue;
    }
    yield `,${JSON.stringify(section.name)}:[`;
    let cursor: Cursor | null = null;
    let first = true;
    for (;;) {
      const next = await section.next(userId, cursor);
      if (next.rows.length === 0) break;
      yield (first ? '' : ',') + next.rows.map((row) => JSON.stringify(row)).join(',');
      first = false;
      cursor = next.cursor;
    }
    yield ']';
  }
  yield '}\n';
}

/**
 * `exportuserdata`: everything about a player (GDPR art. 15 and 20) as one JSON attachment,
 * streamed in batches (memory holds about one batch whatever the record), audited before the
 * first byte. 404 for an unknown player.
 */
export async function exportUserData(
  userId: number,
  actor: Actor,
  ready: () => Promise<void>,
): Promise<Response> {
  const database = await db();
  const [known] = await rowsOf<{ id: number }>(database, sql`SELECT id FROM users WHERE id = ${userId}`);
  if (!known) throw new HttpError(404, 'users.api.notFound');
  await audit(database, {
    adminId: actor.adminId,
    action: 'users.export_data',
    target: auditTarget('users', userId),
    detail: JSON.stringify({ sections: EXPORT_SECTIONS.map((section) => section.name) }),
    ip: actor.ip,
  });
  const encoder = new TextEncoder();
  const source = pieces(userId);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await ready();
        const next = await source.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="player-${userId}-${day}.json"`,
      'cache-control': 'no-store',
    },
  });
}
