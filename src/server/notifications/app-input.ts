import * as z from 'zod/mini';
import { userId } from '../../shared/users/user-input';

/**
 * The product API's inputs for inboxes: the user by our integer id (`user_id`) or by the product's
 * own id that it synced (`external_id`, see src/server/users/sync.ts), exactly one of them.
 */
const userRef = {
  user_id: z.optional(userId),
  external_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
};
const oneUser = z.refine<{ user_id?: number; external_id?: string }>(
  (value) => (value.user_id === undefined) !== (value.external_id === undefined),
  { error: 'validation.userOrExternalId', path: ['user_id'] },
);
const page = z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0);

export const INBOX_PAGE_SIZE = 20;
export const READ_IDS_MAX = 1000;

export const AppInboxInput = z.object({ ...userRef, page }).check(oneUser);
export type AppInboxInput = z.output<typeof AppInboxInput>;

/** `{user_id, ids}` or `{user_id, all: true}`. */
export const AppReadInput = z
  .object({
    ...userRef,
    ids: z.optional(z.array(userId).check(z.minLength(1), z.maxLength(READ_IDS_MAX))),
    all: z.optional(z.literal(true)),
  })
  .check(
    oneUser,
    z.refine((value) => (value.ids === undefined) !== (value.all === undefined), {
      error: 'validation.idsOrAll',
      path: ['ids'],
    }),
  );
export type AppReadInput = z.output<typeof AppReadInput>;

export interface InboxItem {
  id: number;
  title: string;
  message: string;
  sent_at: string;
  read: boolean;
  read_at: string | null;
}
