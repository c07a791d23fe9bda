import { startAuditRetention } from './audit/retention';
import { startSignInPurge } from './auth/purge';
import type { BackgroundJob } from './background-job';
import { startNotificationWorker } from './notifications/worker';
import { startErasureWorker } from './privacy/erasure-worker';
import { startWebhookWorker } from './webhooks/worker';
import { startBanWorker } from './users/ban-worker';

/**
 * Work the server does on its own, beside answering requests (scheduled notification sends, the
 * audit log's retention purge, the sweep of what sign-in leaves behind, bans that ran out,
 * players' erasures, webhook deliveries).
 * Each job is started once the database is migrated and stopped before it closes, so a drain never
 * cuts a job's transaction in half. Jobs keep no state of their own: whatever must survive a
 * restart or be shared between instances lives in the database (DESIGN.md §8).
 */
type JobStarter = () => BackgroundJob;

/** Each feature's job, in start order. */
const starters: JobStarter[] = [
  startNotificationWorker,
  startAuditRetention,
  startSignInPurge,
  startErasureWorker,
  startWebhookWorker,
  startBanWorker,
];

export function startBackgroundWork(): BackgroundJob {
  const jobs = starters.map((start) => start());
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
