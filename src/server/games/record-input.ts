import type { TFunction } from 'i18next';
import { z } from 'zod';
import { inDateRange } from '../../lib/date-range';
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

const id = z.number().int().positive().max(2_147_483_647);

export const AppGameInput = z
  .object({
    user_id: id.optional(),
    external_id: z.preprocess(
      (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
      z.string().trim().min(1, 'validation.required').max(100).optional(),
    ),
    puzzle_id: id,
    score: z.number().int().min(0).max(1_000_000_000),
    /** Seconds. */
    duration: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600),
    result: z.enum(GAME_RESULTS),
    played_at: z
      .string()
      .datetime({ offset: true })
      .refine((value) => inDateRange(Date.parse(value)), 'validation.dateRange')
      .refine((value) => Date.parse(value) <= Date.now() + FUTURE_SLACK_MS, 'validation.future')
      .optional(),
  })
  .refine((row) => (row.user_id === undefined) !== (row.external_id === undefined), {
    message: 'validation.userOrExternalId',
    path: ['user_id'],
  });

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

export function checkPlays(rows: readonly unknown[], t: TFunction) {
  const valid: AppGameRow[] = [];
  const rejected: GameRejection[] = [];
  rows.forEach((row, index) => {
    const textField = controlCharacterField(row);
    if (textField) {
      rejected.push({ index, field: textField, code: 'invalid', reason: t('validation.controlCharacter') });
      return;
    }
    const result = AppGameInput.safeParse(row);
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
