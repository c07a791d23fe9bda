import { z } from 'zod';

/** The list query every list endpoint accepts (DESIGN.md §5); extend it with `.extend({...})`. */
export const ListQueryInput = z.object({
  page: z.coerce.number().int().min(0).default(0),
  record: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).default(''),
});
export type ListQueryInput = z.output<typeof ListQueryInput>;
