import type { DashboardData, DashboardInput } from '../../shared/dashboard/dashboard-input';
import type { Permission } from '../../shared/roles/permissions';
import { database, type Db } from '../db/client';
import { hasSqlState } from '../db/errors';
import { HttpError } from '../http/errors';
import { readFigures } from './figures';
import { periodOf } from './period';
import { readTopPuzzles } from './top-puzzles';
import { readWaiting } from './waiting';

/** The figures for a range; the work-waiting counts only those `permissions` may open the list of. */
export async function getDashboard(
  input: DashboardInput,
  permissions: readonly Permission[],
  now = new Date(),
): Promise<DashboardData> {
  const period = periodOf(input.range, input.tz, now);
  const { db } = await database();
  try {
    return await readDashboard(db, input, period, permissions);
  } catch (error) {
    // A zone this runtime's ICU knows but the database's tzdata does not.
    if (hasSqlState(error, '22023')) {
      throw new HttpError(400, 'api.error.validation', { fieldKeys: { tz: 'validation.timeZone' } });
    }
    throw error;
  }
}

async function readDashboard(
  db: Db,
  input: DashboardInput,
  period: ReturnType<typeof periodOf>,
  permissions: readonly Permission[],
): Promise<DashboardData> {
  const [figures, topPuzzles, waiting] = await Promise.all([
    readFigures(db, input.tz, period),
    readTopPuzzles(db, input.tz, period),
    readWaiting(db, permissions, input.tz),
  ]);
  return {
    range: input.range,
    tz: input.tz,
    from: period.from,
    to: period.to,
    previous_from: period.previousFrom,
    counts: figures.counts,
    series: {
      games_per_day: figures.gamesPerDay,
      new_users_per_day: figures.newUsersPerDay,
      top_puzzles: topPuzzles,
    },
    waiting,
  };
}
