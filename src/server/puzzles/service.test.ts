import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { insertUsers } from '../../../tests/support/users';
import type { PuzzleInput } from '../../shared/puzzles/puzzle-input';
import { createApiKey } from '../api-keys/service';
import { auditLog, puzzles } from '../db/schema';
import { recordPlays } from '../games/record';
import { HttpError } from '../http/errors';
import { createPuzzle, deletePuzzle, getPuzzle, updatePuzzle } from './service';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

const morning: PuzzleInput = {
  title: 'Morning Kakuro',
  category: 'Logic',
  difficulty: 'easy',
  status: 'draft',
  content: '{"type":"quiz","questions":[]}',
};

const auditOf = async (action: string, id: number) =>
  testDb.db.db
    .select({ detail: auditLog.detail, adminId: auditLog.adminId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `puzzles:${id}`)));

async function play(puzzleId: number): Promise<void> {
  const [userId] = await insertUsers([{}]);
  const key = await createApiKey('Game server', testDb.actor);
  const outcome = await recordPlays(
    [
      {
        index: 0,
        user_id: userId!,
        external_id: null,
        puzzle_id: puzzleId,
        score: 10,
        duration: 60,
        result: 'won',
        played_at: null,
      },
    ],
    { keyId: key.id, ip: '203.0.113.2' },
    { received: 1, rejected: 0 },
  );
  expect(outcome.recorded).toBe(1);
}

describe('the puzzles service', () => {
  it('creates, reads and edits a puzzle, each change audited with who made it', async () => {
    const created = await createPuzzle(morning, testDb.actor);
    expect(created).toMatchObject({ title: 'Morning Kakuro', status: 'draft', plays: 0 });
    expect((await getPuzzle(created.id)).content).toBe(morning.content);

    const published = await updatePuzzle({ ...morning, id: created.id, status: 'published' }, testDb.actor);
    expect(published.status).toBe('published');
    expect(await auditOf('puzzles.create', created.id)).toEqual([
      { detail: null, adminId: testDb.actor.adminId },
    ]);
    const [update] = await auditOf('puzzles.update', created.id);
    expect(JSON.parse(update!.detail!)).toEqual({ changes: { status: ['draft', 'published'] } });
  });

  it('answers 404 for a puzzle that does not exist, writing nothing', async () => {
    const missing = 2_000_000_000;
    await expect(getPuzzle(missing)).rejects.toMatchObject({ status: 404 });
    await expect(updatePuzzle({ ...morning, id: missing }, testDb.actor)).rejects.toBeInstanceOf(HttpError);
    await expect(deletePuzzle(missing, testDb.actor)).rejects.toMatchObject({ status: 404 });
    expect(await auditOf('puzzles.update', missing)).toEqual([]);
  });

  it('deletes a puzzle nobody played; a played one answers 409 with its plays and stays', async () => {
    const unplayed = await createPuzzle({ ...morning, title: 'Unplayed' }, testDb.actor);
    expect(await deletePuzzle(unplayed.id, testDb.actor)).toEqual({ id: unplayed.id });
    expect(await testDb.db.db.select().from(puzzles).where(eq(puzzles.id, unplayed.id))).toEqual([]);

    const played = await createPuzzle({ ...morning, title: 'Played', status: 'published' }, testDb.actor);
    await play(played.id);
    const refusal = await deletePuzzle(played.id, testDb.actor).catch((error: HttpError) => error);
    expect(refusal).toMatchObject({
      status: 409,
      options: { body: { id: played.id, plays: 1, can_archive: true } },
    });
    expect((await getPuzzle(played.id)).plays).toBe(1);
    expect(await auditOf('puzzles.delete', played.id)).toEqual([]);
  });

  it('lets exactly one of two parallel deletes win', async () => {
    const target = await createPuzzle({ ...morning, title: 'Raced' }, testDb.actor);
    const outcomes = await Promise.allSettled([
      deletePuzzle(target.id, testDb.actor),
      deletePuzzle(target.id, testDb.actor),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await auditOf('puzzles.delete', target.id)).toHaveLength(1);
  });
});
