import * as z from 'zod/mini';
import { isoInstant } from '../../lib/iso-instant';
import { filterParam, ListQueryInput } from '../../lib/list-query';
import type { USER_STATUSES } from '../users/user-input';
import { withinCount } from './character-count';
import { userId, userStatus } from '../users/user-input';

/**
 * The notifications area's request and answer shapes (DESIGN.md §5), shared by the composer, the
 * list island and the endpoints. Messages are i18n keys or zod's own codes.
 */
export const NOTIFICATION_STATES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export const NOTIFICATION_AUDIENCES = ['users', 'all'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const TITLE_MAX = 120;
export const MESSAGE_MAX = 2_000;
/** The most users one request may name; larger audiences are "everyone" with a filter. */
export const USER_IDS_MAX = 10_000;

/** `get_notification`: the list query plus a state filter. */
export const NotificationListInput = z.extend(ListQueryInput, {
  state: filterParam(z.enum(NOTIFICATION_STATES)),
});
export type NotificationListInput = z.output<typeof NotificationListInput>;

const title = z.string().check(z.trim(), z.minLength(1, 'validation.required'), withinCount(TITLE_MAX));
const message = z.string().check(z.trim(), z.minLength(1, 'validation.required'), withinCount(MESSAGE_MAX));
/** The composer converts the admin's local time to UTC. */
const scheduledAt = z.optional(isoInstant);

const audienceFields = {
  user_ids: z.optional(
    z.array(userId).check(z.minLength(1, 'validation.audienceEmpty'), z.maxLength(USER_IDS_MAX)),
  ),
  all: z.optional(z.literal(true)),
  status: z.optional(userStatus),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
};
type AudienceFields = z.output<z.ZodMiniObject<typeof audienceFields>>;

const namesSomeone = (value: AudienceFields) =>
  value.user_ids !== undefined || value.all === true || value.status !== undefined;
const namesOneKind = (value: AudienceFields) =>
  value.user_ids === undefined ||
  (value.all === undefined && value.status === undefined && value.search === undefined);
const audienceChecks = [
  z.refine<AudienceFields>(namesSomeone, { error: 'validation.audienceEmpty', path: ['user_ids'] }),
  z.refine<AudienceFields>(namesOneKind, { error: 'validation.audienceOneKind', path: ['user_ids'] }),
];

/**
 * `admin/bulk-notifications`: the chosen users (`user_ids`), or everyone who is not blocked
 * (`all: true`), optionally narrowed to a status and to a users-list search. A single send is the
 * same call with one id. Without `scheduled_at` it goes out at once.
 */
export const SendNotificationInput = z
  .object({ title, message, ...audienceFields, scheduled_at: scheduledAt })
  .check(...audienceChecks);
export type SendNotificationInput = z.output<typeof SendNotificationInput>;

/**
 * `admin/count-notification-audience`: the same audience as a send, counted exactly as a send
 * now would reach it, for the composer's confirm step.
 */
export const NotificationAudienceInput = z.object(audienceFields).check(...audienceChecks);
export type NotificationAudienceInput = z.output<typeof NotificationAudienceInput>;

/** What `admin/count-notification-audience` answers (`ResponseData`). */
export interface AudienceCount {
  /** Users a send now would reach. */
  recipients: number;
  /** Blocked users the audience names, who would be left out. */
  skipped: number;
}

/** `update-notification`: the text always; the time only while it is still scheduled. */
export const UpdateNotificationInput = z.object({
  id: userId,
  title,
  message,
  scheduled_at: scheduledAt,
});
export type UpdateNotificationInput = z.output<typeof UpdateNotificationInput>;

/** `delete-notification` and `cancel-notification`. */
export const NotificationIdInput = z.object({ id: userId });

/** One row of `get_notification`. */
export interface NotificationRow {
  id: number;
  title: string;
  message: string;
  audience: NotificationAudience;
  audience_status: (typeof USER_STATUSES)[number] | null;
  audience_search: string | null;
  /** For `users` audiences: how many users were named (before blocked ones were left out). */
  target_count: number | null;
  state: NotificationState;
  recipients: number;
  skipped: number;
  read_count: number;
  scheduled_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: { id: number; name: string } | null;
  /**
   * A scheduled send's audience now: how many users would get it if it went out this minute
   * (blocked ones left out). In list pages only; a sent one has `recipients` instead.
   */
  audience_size?: number;
}

/** What `admin/bulk-notifications` answers (`ResponseData`). */
export interface SendResult {
  id: number;
  state: NotificationState;
  /** Users who get it (0 until a scheduled send goes out). */
  recipients: number;
  /** Blocked users the audience named, left out. */
  skipped: number;
}
