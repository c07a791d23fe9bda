import * as z from 'zod/mini';
import {
  SUBJECT_MAX,
  SUPPORT_MESSAGE_MAX,
  type SupportMessageKind,
  type SupportStatus,
} from '../../shared/support/support-input';
import { userId } from '../../shared/users/user-input';

/**
 * The product API's help-center inputs. The user is named by our id (`user_id`) or the product's
 * own (`external_id`), exactly one; a follow-up also names the query (`query_id`), which must be
 * that user's.
 */
const userRef = {
  user_id: z.optional(userId),
  external_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
};
const oneUser = z.refine<{ user_id?: number; external_id?: string }>(
  (value) => (value.user_id === undefined) !== (value.external_id === undefined),
  { error: 'validation.userOrExternalId', path: ['user_id'] },
);
const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(max));

export const APP_SUPPORT_PAGE_SIZE = 20;

export const AppSupportPostInput = z
  .object({
    ...userRef,
    query_id: z.optional(userId),
    subject: z.optional(text(SUBJECT_MAX)),
    message: text(SUPPORT_MESSAGE_MAX),
  })
  .check(
    oneUser,
    // A new query needs its subject; a follow-up continues one that has it.
    z.refine((value) => value.query_id !== undefined || value.subject !== undefined, {
      error: 'validation.required',
      path: ['subject'],
    }),
  );
export type AppSupportPostInput = z.output<typeof AppSupportPostInput>;

export const AppSupportListInput = z
  .object({ ...userRef, page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0) })
  .check(oneUser);
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
