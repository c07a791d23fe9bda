import { and, desc, eq, sql } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type { GameHistoryInput, GamePlayRow } from '../../features/users/user-input';
import { db } from '../db/client';
import { gameHistory, puzzles } from '../db/schema';

/** Plays, newest first, optionally of one user and/or one puzzle (indexes on both lead with them). */
export async function listGameHistory(input: GameHistoryInput): Promise<ListResult<GamePlayRow>> {
  const where = and(
    input.user_id ? eq(gameHistory.userId, input.user_id) : undefined,
    input.puzzle_id ? eq(gameHistory.puzzleId, input.puzzle_id) : undefined,
  );
  const database = await db();
  const [rows, [count]] = await Promise.all([
    database
      .select({
        id: gameHistory.id,
        user_id: gameHistory.userId,
        puzzle_id: gameHistory.puzzleId,
        puzzle_title: puzzles.title,
        score: gameHistory.score,
        duration: gameHistory.duration,
        result: gameHistory.result,
        played_at: gameHistory.playedAt,
      })
      .from(gameHistory)
      .innerJoin(puzzles, eq(puzzles.id, gameHistory.puzzleId))
      .where(where)
      .orderBy(desc(gameHistory.playedAt), desc(gameHistory.id))
      .limit(input.record)
      .offset(input.page * input.record),
    database
      .select({ total: sql<number>`count(*)::int` })
      .from(gameHistory)
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...row, played_at: row.played_at.toISOString() })),
    total: count?.total ?? 0,
    page: input.page,
    record: input.record,
    search: input.search,
  };
}
