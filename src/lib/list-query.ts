import { z } from 'zod';

export { LIST_PAGE_SIZES } from './list-page-sizes';

/**
 * The list query every list endpoint accepts (DESIGN.md §5); extend it with `.extend({...})`.
 * `search` has no length limit: whatever is typed is matched as plain text (a string longer than
 * any row simply matches nothing), never refused.
 */
export const ListQueryInput = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  record: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().default(''),
});
export type ListQueryInput = z.output<typeof ListQueryInput>;

/** A filter parameter left empty (`?status=`) or set to `all` means "not given". */
export const blankToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);
