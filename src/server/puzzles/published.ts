import { asc, eq, sql } from 'drizzle-orm';
import type { output } from 'zod/mini';
import type { AppPuzzlesInput } from '../../shared/puzzles/puzzle-input';
import { db } from '../db/client';
import { puzzles } from '../db/schema';

export interface PublishedPuzzle {
  id: number;
  title: string;
  category: string;
  difficulty: string;
  /** Parsed: the product reads the object, not its text. */
  content: unknown;
  updated_at: string;
}

/** Every write path checks the content; a row changed by hand outside them is sent as null. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Published puzzles, oldest first (a new one lands on the last page), with the content as an object. */
export async function listPublished({ page, record }: output<typeof AppPuzzlesInput>) {
  const run = await db();
  const published = eq(puzzles.status, 'published');
  const [rows, [count]] = await Promise.all([
    run
      .select({
        id: puzzles.id,
        title: puzzles.title,
        category: puzzles.category,
        difficulty: puzzles.difficulty,
        content: puzzles.content,
        updated_at: puzzles.updatedAt,
      })
      .from(puzzles)
      .where(published)
      .orderBy(asc(puzzles.id))
      .limit(record)
      .offset(page * record),
    run
      .select({ total: sql<number>`count(*)::int` })
      .from(puzzles)
      .where(published),
  ]);
  const list: PublishedPuzzle[] = rows.map((row) => ({
    ...row,
    content: parsed(row.content),
    updated_at: row.updated_at.toISOString(),
  }));
  return { list, total: count?.total ?? 0, page, record };
}
