import { everySoOften } from '../background-schedule';
import type { BackgroundJob } from '../background-job';
import { config } from '../config';
import { settleEndedBansRound } from './bans';

/**
 * Writes the end of bans that ran out: status back to active, the ban closed, an audit row with no
 * admin (the system). Any number of instances may run it; each claims players with SKIP LOCKED.
 */
export function startBanWorker(): BackgroundJob {
  const every = config().BAN_SWEEP_MS;
  return everySoOften(
    'users.ban_sweep_failed',
    { firstAfterMs: every, everyMs: every },
    settleEndedBansRound,
  );
}
