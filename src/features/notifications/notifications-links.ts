import type { Locale } from '../../i18n/locales';
import { formatDateTime, formatNumber } from '../../lib/format';
import { fill, type Labels } from '../../lib/labels';
import { queryString } from '../../lib/list-url';
import type { SendResult } from '../../shared/notifications/notification-input';

/** The parameters /users hands over (src/features/users/users-links.ts `notifyLink`). */
export const PREFILL_PARAMS = ['user_ids', 'match_search', 'match_status', 'match_all'] as const;

/** Drops the hand-over from the address (replaced, not pushed), keeping the list's own parameters. */
export function clearPrefillParams(): void {
  const params = new URLSearchParams(window.location.search);
  for (const name of PREFILL_PARAMS) params.delete(name);
  window.history.replaceState(window.history.state, '', window.location.pathname + queryString(params));
}

/** What a snackbar says once a notification is sent, scheduled or saved. */
export const sentLabelKeys = {
  sent: 'notifications.done.sent',
  scheduled: 'notifications.done.scheduled',
  skipped: 'notifications.done.skipped',
  saved: 'notifications.done.saved',
} as const;

/** What the composer reports once it has sent or scheduled a notification. */
export interface SentOutcome {
  result: SendResult;
  /** When it was scheduled rather than sent at once. */
  scheduledAt: string | undefined;
}

/** "Sent. Recipients: 3. Blocked users left out: 1." or "Scheduled for …". */
export function sentMessage(
  outcome: SentOutcome,
  words: Labels<typeof sentLabelKeys>,
  locale: Locale,
): string {
  const { result, scheduledAt } = outcome;
  const done = scheduledAt
    ? fill(words.scheduled, { time: formatDateTime(scheduledAt, locale) })
    : fill(words.sent, { number: formatNumber(result.recipients, locale) });
  return result.skipped > 0
    ? `${done} ${fill(words.skipped, { number: formatNumber(result.skipped, locale) })}`
    : done;
}
