import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { fill, plural, type Labels, type PluralForms } from '../../lib/labels';
import type { UserStatus } from '../../shared/users/user-input';
import type { NotificationAudience } from '../../shared/notifications/notification-input';

/** How an audience reads, in the list and in the composer. */
export const audienceLabelKeys = {
  oneUser: 'notifications.audience.oneUser',
  selectedUsers: 'notifications.audience.selectedUsers',
  everyone: 'notifications.audience.everyone',
  everyoneStatus: 'notifications.audience.everyoneStatus',
  everyoneMatching: 'notifications.audience.everyoneMatching',
  everyoneStatusMatching: 'notifications.audience.everyoneStatusMatching',
  active: 'users.status.active',
  blocked: 'users.status.blocked',
} as const;

export type AudienceLabels = Labels<typeof audienceLabelKeys>;

/** Who a notification goes to, as a row of `get_notification` or the composer describes it. */
export interface AudienceShape {
  audience: NotificationAudience;
  /** For `users`: how many were named. */
  count: number | null;
  status: UserStatus | null;
  search: string | null;
}

export interface AudienceWords {
  oneUser: string;
  /** `{{count}} selected users`, in its plural forms */
  selectedUsers: PluralForms;
  everyone: string;
  /** `{{status}}` */
  everyoneStatus: string;
  /** `{{search}}` */
  everyoneMatching: string;
  /** `{{status}}`, `{{search}}` */
  everyoneStatusMatching: string;
}

/**
 * The audience in words: "One user", "3 selected users", "Everyone", "Everyone with the status
 * “Active”", "Everyone matching “ada”". The search is quoted as typed, so the admin sees exactly
 * which filter the send used.
 */
export function audienceInWords(
  shape: AudienceShape,
  words: AudienceWords,
  statusWords: Record<UserStatus, string>,
  locale: Locale,
): string {
  if (shape.audience === 'users') {
    const count = shape.count ?? 0;
    return count === 1
      ? words.oneUser
      : plural(words.selectedUsers, count, { count: formatNumber(count, locale) });
  }
  const status = shape.status ? statusWords[shape.status] : null;
  const search = shape.search?.trim() || null;
  if (status && search) return fill(words.everyoneStatusMatching, { status, search });
  if (status) return fill(words.everyoneStatus, { status });
  if (search) return fill(words.everyoneMatching, { search });
  return words.everyone;
}
