import * as z from 'zod/mini';
import { filterParam, ListQueryInput } from '../../lib/list-query';
import { userId } from '../users/user-input';

/**
 * The help center's request and answer shapes (DESIGN.md §5), shared by the list island, the
 * thread panel and the endpoints. Messages are i18n keys or zod's own codes.
 */
export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** `user`: the user's follow-up; `reply`: an admin's answer, mailed; `note`: internal only. */
export const SUPPORT_MESSAGE_KINDS = ['user', 'reply', 'note'] as const;
export type SupportMessageKind = (typeof SUPPORT_MESSAGE_KINDS)[number];

export const MAIL_STATES = ['sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** `mine` is the signed-in admin; `none` nobody. */
export const ASSIGNEE_FILTERS = ['mine', 'none'] as const;

/** `24h`: the user's oldest unanswered message is more than a day old (the dashboard's work waiting). */
export const WAITING_FILTERS = ['24h'] as const;

export const SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5_000;

/**
 * `open`: open queries first, then those in progress, then resolved, each by latest activity (the
 * default: what waits for an admin comes first); `-activity`: latest activity first, whatever the
 * status.
 */
export const SUPPORT_SORTS = ['open', '-activity'] as const;
export type SupportSort = (typeof SUPPORT_SORTS)[number];
export const DEFAULT_SUPPORT_SORT: SupportSort = 'open';

/** `getsupport`: the list query plus status, assignee and waiting filters, and the order. */
export const SupportListInput = z.extend(ListQueryInput, {
  status: filterParam(z.enum(SUPPORT_STATUSES)),
  assignee: filterParam(z.enum(ASSIGNEE_FILTERS)),
  waiting: filterParam(z.enum(WAITING_FILTERS)),
  sort: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z._default(z.enum(SUPPORT_SORTS), DEFAULT_SUPPORT_SORT),
  ),
});
export type SupportListInput = z.output<typeof SupportListInput>;

export const SupportIdInput = z.object({ id: userId });

const message = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(SUPPORT_MESSAGE_MAX));

/** `replysupport` and `notesupport`. */
export const SupportMessageInput = z.object({ id: userId, message });
export type SupportMessageInput = z.output<typeof SupportMessageInput>;

export const SupportStatusInput = z.object({ id: userId, status: z.enum(SUPPORT_STATUSES) });
export type SupportStatusInput = z.output<typeof SupportStatusInput>;

/** `assignsupport`: an active admin's id, or null to leave it unassigned. */
export const SupportAssignInput = z.object({ id: userId, assignee_id: z.nullable(userId) });
export type SupportAssignInput = z.output<typeof SupportAssignInput>;

/** `resendsupportreply`: a reply whose mail failed. */
export const SupportResendInput = z.object({ reply_id: userId });

export interface Person {
  id: number;
  name: string;
}

/** One row of `getsupport`. */
export interface SupportRow {
  id: number;
  subject: string;
  message: string;
  status: SupportStatus;
  user: (Person & { email: string }) | null;
  assignee: Person | null;
  waiting_since: string | null;
  reply_count: number;
  last_message_at: string;
  created_at: string;
}

/** One entry of a thread after the user's first message. */
export interface SupportMessage {
  id: number;
  kind: SupportMessageKind;
  message: string;
  /** The admin who wrote a reply or note; null for the user's follow-ups (or a removed admin). */
  author: Person | null;
  mail_state: MailState | null;
  created_at: string;
}

/** `getsupportquery`: the query, its thread in order, and who it may be assigned to. */
export interface SupportThread {
  query: SupportRow;
  messages: SupportMessage[];
  /** Every active admin, by name: the assignee picker's choices. */
  assignees: Person[];
}

/** What a reply answers: the thread, and whether the mail went out. */
export interface SupportReplyResult extends SupportThread {
  mail: MailState;
}
