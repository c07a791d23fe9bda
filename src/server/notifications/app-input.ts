import { z } from 'zod';
import { userId } from '../../features/users/user-input';

/**
 * The product API's inputs for inboxes: the user by our integer id (`user_id`) or by the product's
 * own id that it synced (`external_id`, see src/server/users/sync.ts), exactly one of them.
 */
const userRef = {
  user_id: userId.optional(),
  external_id: z.string().trim().min(1).max(200).optional(),
};
const oneUser = (value: { user_id?: number; external_id?: string }) =>
  (value.user_id === undefined) !== (value.external_id === undefined);
const oneUserIssue = { message: 'validation.userOrExternalId', path: ['user_id'] };

export const INBOX_PAGE_SIZE = 20;
export const READ_IDS_MAX = 1000;

export const AppInboxInput = z
  .object({ ...userRef, page: z.coerce.number().int().min(0).max(100_000).default(0) })
  .refine(oneUser, oneUserIssue);
export type AppInboxInput = z.output<typeof AppInboxInput>;

/** `{user_id, ids}` or `{user_id, all: true}`. */
export const AppReadInput = z
  .object({
    ...userRef,
    ids: z.array(userId).min(1).max(READ_IDS_MAX).optional(),
    all: z.literal(true).optional(),
  })
  .refine(oneUser, oneUserIssue)
  .refine((value) => (value.ids === undefined) !== (value.all === undefined), {
    message: 'validation.idsOrAll',
    path: ['ids'],
  });
export type AppReadInput = z.output<typeof AppReadInput>;

export interface InboxItem {
  id: number;
  title: string;
  message: string;
  sent_at: string;
  read: boolean;
  read_at: string | null;
}
