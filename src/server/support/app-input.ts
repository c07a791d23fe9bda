import { z } from 'zod';
import {
  SUBJECT_MAX,
  SUPPORT_MESSAGE_MAX,
  type SupportMessageKind,
  type SupportStatus,
} from '../../features/support/support-input';
import { userId } from '../../features/users/user-input';

/**
 * The product API's help-center inputs. The user is named by our id (`user_id`) or the product's
 * own (`external_id`), exactly one; a follow-up also names the query (`query_id`), which must be
 * that user's.
 */
const userRef = {
  user_id: userId.optional(),
  external_id: z.string().trim().min(1).max(200).optional(),
};
const oneUser = (value: { user_id?: number; external_id?: string }) =>
  (value.user_id === undefined) !== (value.external_id === undefined);
const oneUserIssue = { message: 'validation.userOrExternalId', path: ['user_id'] };

export const APP_SUPPORT_PAGE_SIZE = 20;

export const AppSupportPostInput = z
  .object({
    ...userRef,
    query_id: userId.optional(),
    subject: z.string().trim().min(1, 'validation.required').max(SUBJECT_MAX).optional(),
    message: z.string().trim().min(1, 'validation.required').max(SUPPORT_MESSAGE_MAX),
  })
  .refine(oneUser, oneUserIssue)
  // A new query needs its subject; a follow-up continues one that has it.
  .refine((value) => value.query_id !== undefined || value.subject !== undefined, {
    message: 'validation.required',
    path: ['subject'],
  });
export type AppSupportPostInput = z.output<typeof AppSupportPostInput>;

export const AppSupportListInput = z
  .object({ ...userRef, page: z.coerce.number().int().min(0).max(100_000).default(0) })
  .refine(oneUser, oneUserIssue);
export type AppSupportListInput = z.output<typeof AppSupportListInput>;

/** A thread as the user sees it: their messages and the admins' replies, never internal notes. */
export interface AppSupportMessage {
  id: number;
  kind: Exclude<SupportMessageKind, 'note'>;
  message: string;
  /** The replying admin's first name; null for the user's own messages. */
  from: string | null;
  created_at: string;
}

export interface AppSupportQuery {
  id: number;
  subject: string;
  message: string;
  status: SupportStatus;
  created_at: string;
  messages: AppSupportMessage[];
}
