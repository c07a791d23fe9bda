import type { Locale } from '../../i18n/locales';
import type { NotificationRow } from '../../shared/notifications/notification-input';
import { audienceInWords, type AudienceLabels } from './audience-words';

/** A listed notification's audience in words: the table's cell and the read-only view say the same. */
export function rowAudience(row: NotificationRow, words: AudienceLabels, locale: Locale): string {
  return audienceInWords(
    {
      audience: row.audience,
      count: row.audience_size ?? row.target_count ?? row.recipients + row.skipped,
      status: row.audience_status,
      search: row.audience_search,
    },
    words,
    words,
    locale,
  );
}

/** When it went out, or when it is (or was) due to. */
export function rowTime(row: NotificationRow): string {
  return row.sent_at ?? row.scheduled_at ?? row.created_at;
}
