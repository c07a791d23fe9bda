import * as z from 'zod/mini';
import { isTimeZone } from './time-zone';
import type { WaitingTile } from './waiting-lists';

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** `getcountdashoard` and `/dashboard`: the last 7, 30 or 90 calendar days in the admin's zone. */
export const DashboardInput = z.object({
  range: z.pipe(
    z._default(z.enum(['7', '30', '90'], { error: 'validation.range' }), '7'),
    z.transform((value) => Number(value) as DashboardRange),
  ),
  tz: z._default(z.string(), 'UTC').check(z.refine(isTimeZone, 'validation.timeZone')),
});
export type DashboardInput = z.output<typeof DashboardInput>;

/** A figure now and over the previous period of the same length. */
export interface Figure {
  value: number;
  previous: number;
}

export const DASHBOARD_COUNTS = [
  'users_total',
  'users_active',
  'users_blocked',
  'users_new',
  'games_total',
  'games_in_range',
  'puzzles_total',
  'puzzles_published',
  'notifications_sent',
  'support_open',
] as const;
export type DashboardCount = (typeof DASHBOARD_COUNTS)[number];

export interface DayValue {
  /** A calendar day in the admin's zone, YYYY-MM-DD. */
  day: string;
  value: number;
  /** The previous period's day at the same offset from its start (optional: added with issue #42). */
  previous?: number;
}

export interface TopPuzzle {
  id: number;
  title: string;
  plays: number;
  previous: number;
}

/** `ResponseData` of getcountdashoard; /dashboard renders the same object. */
export interface DashboardData {
  range: DashboardRange;
  tz: string;
  /** First and last day of the range (today), and the previous period's first day. */
  from: string;
  to: string;
  previous_from: string;
  counts: Record<DashboardCount, Figure>;
  series: {
    games_per_day: DayValue[];
    new_users_per_day: DayValue[];
    top_puzzles: TopPuzzle[];
  };
  /**
   * Work waiting, each only for a role that may open its list (optional: added with issue #42):
   * support queries whose user has waited more than 24 hours, and sends scheduled and not yet sent.
   */
  waiting?: Partial<Record<WaitingTile, number>>;
}
