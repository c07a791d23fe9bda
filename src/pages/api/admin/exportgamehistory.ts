import { GameHistoryFilter } from '../../../features/games/game-input';
import { audit } from '../../../server/audit/service';
import { db } from '../../../server/db/client';
import { csvDownload, csvStream } from '../../../server/export/csv';
import { exportPlays, type ExportedPlay, type PlayCursor } from '../../../server/games/service';
import { actorOf, assertSameOriginGet } from '../../../server/http/admin-request';
import { endpoint, readQuery } from '../../../server/http/envelope';

const BATCH = 2000;
const HEADER = [
  'id',
  'played_at',
  'user_id',
  'user_name',
  'puzzle_id',
  'puzzle_title',
  'result',
  'score',
  'duration',
];
const cells = (p: ExportedPlay) => [
  p.id,
  p.played_at,
  p.user_id,
  p.user_name,
  p.puzzle_id,
  p.puzzle_title,
  p.result,
  p.score,
  p.duration,
];

/** Every play matching the history's filter, newest first, as CSV streamed in keyset batches. */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  assertSameOriginGet(context);
  const filter = readQuery(context, GameHistoryFilter);
  // Players' activity leaving the system: who exported what is kept.
  await audit(await db(), {
    adminId: actor.adminId,
    action: 'games.export',
    detail: JSON.stringify(filter),
    ip: actor.ip,
  });
  let after: PlayCursor | null = null;
  const body = csvStream(
    HEADER,
    cells,
    async () => {
      const rows = await exportPlays(filter, after, BATCH);
      after = rows.at(-1)?.cursor ?? after;
      return rows;
    },
    () => context.locals.outputReady?.() ?? Promise.resolve(),
  );
  return csvDownload(body, 'game-history');
});
