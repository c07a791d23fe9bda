import type { T } from '../../lib/labels';
import * as z from 'zod/mini';
import { inDateRange } from '../../lib/date-range';
import { isoInstant } from '../../lib/iso-instant';
import { catalogueIssues } from '../../lib/zod-issues';
import { GAME_RESULTS } from '../db/schema';
import { controlCharacterField } from '../http/json-check';
import { fieldErrors } from '../http/validation';

/**
 * `POST /api/app/games`: up to APP_GAMES_MAX plays per call. Each row is checked on its own, so
 * one bad row never blocks the others; unknown users and puzzles are found by the insert itself.
 */
export const APP_GAMES_MAX = 1000;
/** A play's clock may run a little ahead of ours; further ahead is a mistake. */
const FUTURE_SLACK_MS = 5 * 60_000;

export const AppGamesInput = z.object({ games: z.array(z.unknown()) });

const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const whole = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));

export const AppGameInput = z
  .object({
    user_id: z.optional(id),
    external_id: z.pipe(
      z.transform((value: unknown) =>
        typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
      ),
      z.optional(z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(100))),
    ),
    puzzle_id: id,
    score: whole(0, 1_000_000_000),
    /** Seconds. */
    duration: whole(0, 7 * 24 * 3600),
    result: z.enum(GAME_RESULTS),
    played_at: z.optional(
      isoInstant.check(
        z.refine((value) => inDateRange(Date.parse(value)), 'validation.dateRange'),
        z.refine((value) => Date.parse(value) <= Date.now() + FUTURE_SLACK_MS, 'validation.future'),
      ),
    ),
  })
  .check(
    z.refine((row) => (row.user_id === undefined) !== (row.external_id === undefined), {
      error: 'validation.userOrExternalId',
      path: ['user_id'],
    }),
  );

export interface AppGameRow {
  index: number;
  user_id: number | null;
  external_id: string | null;
  puzzle_id: number;
  score: number;
  duration: number;
  result: (typeof GAME_RESULTS)[number];
  played_at: string | null;
}

export type GameRejectionCode = 'invalid' | 'unknown_user' | 'unknown_puzzle';

export interface GameRejection {
  index: number;
  field: string;
  code: GameRejectionCode;
  reason: string;
}

export function checkPlays(rows: readonly unknown[], t: T) {
  const valid: AppGameRow[] = [];
  const rejected: GameRejection[] = [];
  rows.forEach((row, index) => {
    const textField = controlCharacterField(row);
    if (textField) {
      rejected.push({ index, field: textField, code: 'invalid', reason: t('validation.controlCharacter') });
      return;
    }
    const result = AppGameInput.safeParse(row, catalogueIssues);
    if (result.success) {
      const { user_id, external_id, played_at, ...rest } = result.data;
      valid.push({
        index,
        ...rest,
        user_id: user_id ?? null,
        external_id: external_id ?? null,
        played_at: played_at ?? null,
      });
      return;
    }
    const [field, reason] = Object.entries(fieldErrors(result.error, t))[0] ?? ['row', ''];
    rejected.push({ index, field: field === 'body' ? 'row' : field, code: 'invalid', reason });
  });
  return { valid, rejected };
}
