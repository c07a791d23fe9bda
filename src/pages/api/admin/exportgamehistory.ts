import { GameHistoryFilter } from '../../../features/games/game-input';
import { auditedExport, EXPORT_BATCH } from '../../../server/export/audited-export';
import { exportPlays, type PlayCursor } from '../../../server/games/service';
import { endpoint, readQuery } from '../../../server/http/envelope';

/** Every play matching the history's filter, newest first, as CSV (players' activity: audited). */
export const GET = endpoint(async (context) => {
  return auditedExport(context, () => {
    const filter = readQuery(context, GameHistoryFilter);
    return {
      action: 'games.export',
      detail: filter,
      filename: 'game-history',
      columns: [
        'id',
        'played_at',
        'user_id',
        'user_name',
        'puzzle_id',
        'puzzle_title',
        'result',
        'score',
        // Whole seconds, as getgamehistory has it: a spreadsheet sums numbers, not m:ss text.
        'duration',
      ],
      batch: async (after: PlayCursor | null) => {
        const rows = await exportPlays(filter, after, EXPORT_BATCH);
        return { rows, cursor: rows.at(-1)?.cursor ?? null };
      },
    };
  });
});
