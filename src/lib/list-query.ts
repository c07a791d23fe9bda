import { z } from 'zod';

/**
 * The list query every list endpoint accepts (DESIGN.md §5); extend it with `.extend({...})`.
 * `search` has no length limit: whatever is typed is matched as plain text (a string longer than
 * any row simply matches nothing), never refused.
 */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ListQueryInput = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  record: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().default(''),
});
export type ListQueryInput = z.output<typeof ListQueryInput>;
