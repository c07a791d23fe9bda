import { apiRoute } from '../../../shared/routes/declare';
import { GameHistoryFilter } from '../../../shared/games/game-input';
import { auditedExport, EXPORT_BATCH } from '../../../server/export/audited-export';
import { exportPlays, PLAY_EXPORT_COLUMNS, type PlayCursor } from '../../../server/games/service';
import { endpoint, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/exportgamehistory',
  methods: ['GET'],
  access: 'games.export',
  working: true,
  input: GameHistoryFilter,
});

/** Every play matching the history's filter, newest first, as CSV (players' activity: audited). */
export const GET = endpoint(async (context) => {
  return auditedExport(context, () => {
    const filter = readQuery(context, route.input);
    return {
      action: 'games.export',
      detail: filter,
      filename: 'game-history',
      columns: PLAY_EXPORT_COLUMNS,
      batch: async (after: PlayCursor | null) => {
        const rows = await exportPlays(filter, after, EXPORT_BATCH);
        return { rows, cursor: rows.at(-1)?.cursor ?? null };
      },
    };
  });
});
