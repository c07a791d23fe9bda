import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type { GameHistoryFilter, GameHistoryInput, GamePlayRow } from '../../shared/games/game-input';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { gameHistory, puzzles, users } from '../db/schema';

/**
 * A filtered count stops here and says "10,000+" (`capped`): counting every play of a month in ten
 * million reads most of an index; the export still takes every match.
 */
export const HISTORY_COUNT_CAP = 10_000;

function historyFilter(input: GameHistoryFilter): SQL | undefined {
  return and(
    input.user_id ? eq(gameHistory.userId, input.user_id) : undefined,
    input.puzzle_id ? eq(gameHistory.puzzleId, input.puzzle_id) : undefined,
    input.from ? gte(gameHistory.playedAt, input.from) : undefined,
    input.to ? lt(gameHistory.playedAt, input.to) : undefined,
  );
}

const playColumns = {
  id: gameHistory.id,
  user_id: gameHistory.userId,
  user_name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  puzzle_id: gameHistory.puzzleId,
  puzzle_title: puzzles.title,
  score: gameHistory.score,
  duration: gameHistory.duration,
  result: gameHistory.result,
  played_at: gameHistory.playedAt,
};

type SelectedPlay = Omit<GamePlayRow, 'played_at'> & { played_at: Date };
const toPlayRow = (row: SelectedPlay): GamePlayRow => ({ ...row, played_at: row.played_at.toISOString() });

/**
 * Unfiltered, or by puzzle alone, the total is the trigger-kept per-puzzle counter (exact, one
 * small read); any other filter counts through its index, up to the cap.
 */
async function countPlays(input: GameHistoryFilter): Promise<{ total: number; capped: boolean }> {
  const run = await db();
  if (!input.user_id && !input.from && !input.to) {
    const [row] = await run
      .select({ total: sql<number>`coalesce(sum(${puzzles.plays}), 0)::float8` })
      .from(puzzles)
      .where(input.puzzle_id ? eq(puzzles.id, input.puzzle_id) : undefined);
    return { total: row?.total ?? 0, capped: false };
  }
  const [row] = await rowsOf<{ n: number }>(
    run,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${gameHistory} WHERE ${historyFilter(input)} LIMIT ${HISTORY_COUNT_CAP + 1}) AS m`,
  );
  const n = row?.n ?? 0;
  return n > HISTORY_COUNT_CAP ? { total: HISTORY_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** Plays, newest first, filtered by user, puzzle and a played-at range (each has an index). */
export async function listGameHistory(input: GameHistoryInput): Promise<ListResult<GamePlayRow>> {
  const run = await db();
  const [rows, count] = await Promise.all([
    run
      .select(playColumns)
      .from(gameHistory)
      .innerJoin(puzzles, eq(puzzles.id, gameHistory.puzzleId))
      .innerJoin(users, eq(users.id, gameHistory.userId))
      .where(historyFilter(input))
      .orderBy(desc(gameHistory.playedAt), desc(gameHistory.id))
      .limit(input.record)
      .offset(input.page * input.record),
    countPlays(input),
  ]);
  return {
    list: rows.map(toPlayRow),
    ...count,
    page: input.page,
    record: input.record,
    search: input.search,
  };
}

/** Where a batch ended: played_at as PostgreSQL's own text (microseconds; a Date keeps only ms). */
export interface PlayCursor {
  playedAt: string;
  id: number;
}

export type ExportedPlay = GamePlayRow & { cursor: PlayCursor };

/** The `exportgamehistory` CSV's columns, in order: each a field of the rows `exportPlays` returns. */
export const PLAY_EXPORT_COLUMNS = [
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
] as const satisfies readonly (keyof ExportedPlay)[];

/** One batch of the CSV export, newest first, by keyset on (played_at, id): each batch is one short indexed read. */
export async function exportPlays(
  filter: GameHistoryFilter,
  after: PlayCursor | null,
  size: number,
): Promise<ExportedPlay[]> {
  const rows = await (
    await db()
  )
    .select({ ...playColumns, exact: sql<string>`${gameHistory.playedAt}::text` })
    .from(gameHistory)
    .innerJoin(puzzles, eq(puzzles.id, gameHistory.puzzleId))
    .innerJoin(users, eq(users.id, gameHistory.userId))
    .where(
      and(
        historyFilter(filter),
        after
          ? sql`(${gameHistory.playedAt}, ${gameHistory.id}) < (${after.playedAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(gameHistory.playedAt), desc(gameHistory.id))
    .limit(size);
  return rows.map(({ exact, ...row }) => ({ ...toPlayRow(row), cursor: { playedAt: exact, id: row.id } }));
}
