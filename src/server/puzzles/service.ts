import { eq } from 'drizzle-orm';
import type {
  PuzzleDetail,
  PuzzleInput,
  PuzzleRow,
  UpdatePuzzleInput,
} from '../../shared/puzzles/puzzle-input';
import { changesDetail } from '../audit/changes';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { puzzles } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { puzzleColumns, toPuzzleRow } from './list';
import { auditTarget } from '../../shared/audit/vocabulary';

const notFound = () => new HttpError(404, 'puzzles.api.notFound');

function puzzleValues(input: PuzzleInput) {
  return {
    title: input.title,
    category: input.category,
    difficulty: input.difficulty,
    status: input.status,
    content: input.content,
  };
}

async function selectPuzzle(tx: Tx, id: number): Promise<PuzzleRow> {
  const [row] = await tx.select(puzzleColumns).from(puzzles).where(eq(puzzles.id, id));
  if (!row) throw notFound();
  return toPuzzleRow(row);
}

export async function getPuzzle(id: number): Promise<PuzzleDetail> {
  const [row] = await (
    await db()
  )
    .select({ ...puzzleColumns, content: puzzles.content })
    .from(puzzles)
    .where(eq(puzzles.id, id));
  if (!row) throw notFound();
  return { ...toPuzzleRow(row), content: row.content };
}

export async function createPuzzle(input: PuzzleInput, actor: Actor): Promise<PuzzleRow> {
  return (await db()).transaction(async (tx) => {
    const [created] = await tx.insert(puzzles).values(puzzleValues(input)).returning({ id: puzzles.id });
    await audit(tx, {
      adminId: actor.adminId,
      action: 'puzzles.create',
      target: auditTarget('puzzles', created!.id),
      ip: actor.ip,
    });
    return selectPuzzle(tx, created!.id);
  });
}

export async function updatePuzzle(input: UpdatePuzzleInput, actor: Actor): Promise<PuzzleRow> {
  return (await db()).transaction(async (tx) => {
    const [before] = await tx
      .select({
        title: puzzles.title,
        category: puzzles.category,
        difficulty: puzzles.difficulty,
        status: puzzles.status,
        content: puzzles.content,
      })
      .from(puzzles)
      .where(eq(puzzles.id, input.id))
      .for('update');
    if (!before) throw notFound();
    const values = puzzleValues(input);
    await tx.update(puzzles).set(values).where(eq(puzzles.id, input.id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'puzzles.update',
      target: auditTarget('puzzles', input.id),
      detail: changesDetail(before, values),
      ip: actor.ip,
    });
    return selectPuzzle(tx, input.id);
  });
}

/**
 * Only a puzzle nobody has played may go: its plays are the players' history and the dashboard's
 * figures. The row lock is taken before the count is read, and a play's foreign-key check waits on
 * it, so no play can land between the check and the delete.
 */
export async function deletePuzzle(id: number, actor: Actor): Promise<{ id: number }> {
  return (await db()).transaction(async (tx) => {
    const [row] = await tx
      .select({ plays: puzzles.plays, title: puzzles.title })
      .from(puzzles)
      .where(eq(puzzles.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.plays > 0) {
      throw new HttpError(409, 'puzzles.api.played', {
        values: { number: row.plays },
        body: { id, plays: row.plays, can_archive: true },
      });
    }
    await tx.delete(puzzles).where(eq(puzzles.id, id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'puzzles.delete',
      target: auditTarget('puzzles', id),
      detail: JSON.stringify({ title: row.title }),
      ip: actor.ip,
    });
    return { id };
  });
}
