import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type { PuzzleListInput, PuzzleRow, PuzzleSort } from '../../shared/puzzles/puzzle-input';
import { db } from '../db/client';
import { puzzles } from '../db/schema';
import { contains } from '../db/text-search';

/** The same expression as `puzzles_search_trgm_idx`, so that index serves the search. */
const haystack = sql`(${puzzles.title} || ' ' || ${puzzles.category})`;

export const puzzleColumns = {
  id: puzzles.id,
  title: puzzles.title,
  category: puzzles.category,
  difficulty: puzzles.difficulty,
  status: puzzles.status,
  plays: puzzles.plays,
  // From the trigger-kept totals (migration 0007): no aggregate over the game history.
  average_score: sql<
    number | null
  >`CASE WHEN ${puzzles.plays} > 0 THEN round(${puzzles.scoreTotal}::numeric / ${puzzles.plays}, 1)::float8 END`,
  created_at: puzzles.createdAt,
  updated_at: puzzles.updatedAt,
};

type Selected = Omit<PuzzleRow, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export function toPuzzleRow(row: Selected): PuzzleRow {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

function puzzleFilter(input: PuzzleListInput): SQL | undefined {
  return and(
    input.search ? contains(haystack, input.search) : undefined,
    // Categories are free text: the filter matches one regardless of letter case.
    input.category ? sql`lower(${puzzles.category}) = lower(${input.category})` : undefined,
    input.difficulty ? eq(puzzles.difficulty, input.difficulty) : undefined,
    input.status ? eq(puzzles.status, input.status) : undefined,
  );
}

const ORDER: Record<PuzzleSort, SQL[]> = {
  title: [asc(puzzles.title), asc(puzzles.id)],
  '-title': [desc(puzzles.title), desc(puzzles.id)],
  plays: [asc(puzzles.plays), asc(puzzles.id)],
  '-plays': [desc(puzzles.plays), desc(puzzles.id)],
  created: [asc(puzzles.createdAt), asc(puzzles.id)],
  '-created': [desc(puzzles.createdAt), desc(puzzles.id)],
};

/** The catalogue is small (hundreds, not millions): a plain count serves every filter. */
export async function listPuzzles(input: PuzzleListInput): Promise<ListResult<PuzzleRow>> {
  const run = await db();
  const where = puzzleFilter(input);
  const [rows, [count]] = await Promise.all([
    run
      .select(puzzleColumns)
      .from(puzzles)
      .where(where)
      .orderBy(...ORDER[input.sort])
      .limit(input.record)
      .offset(input.page * input.record),
    run
      .select({ total: sql<number>`count(*)::int` })
      .from(puzzles)
      .where(where),
  ]);
  const { page, record, search } = input;
  return { list: rows.map(toPuzzleRow), total: count?.total ?? 0, page, record, search };
}

/** Every category in use, for the filter (at most 200, alphabetical). */
export async function listCategories(): Promise<string[]> {
  const rows = await (
    await db()
  )
    .selectDistinct({ category: puzzles.category })
    .from(puzzles)
    .orderBy(asc(puzzles.category))
    .limit(200);
  return rows.map((row) => row.category);
}
