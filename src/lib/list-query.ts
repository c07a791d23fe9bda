import * as z from 'zod/mini';
import { EARLIEST_DATE, LATEST_DATE } from './date-range';

export { LIST_PAGE_SIZES } from './list-page-sizes';

/**
 * The list query every list endpoint accepts (DESIGN.md §5); extend it with
 * `z.extend(ListQueryInput, {...})`. `search` has no length limit: whatever is typed is matched as
 * plain text (a string longer than any row simply matches nothing), never refused.
 */
export const ListQueryInput = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  record: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  search: z._default(z.string().check(z.trim()), ''),
});
export type ListQueryInput = z.output<typeof ListQueryInput>;

/** A filter parameter left empty (`?status=`) or set to `all` means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

/** An optional filter parameter (`?status=blocked`); empty or `all` is the same as left out. */
export const filterParam = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(z.transform(blankToUndefined), z.optional(schema));

/** An optional instant filter as ISO 8601 (a bare date is that day's midnight UTC), within the dates SQL takes. */
export const instantParam = filterParam(
  z.coerce
    .date()
    .check(z.gte(EARLIEST_DATE, 'validation.dateRange'), z.lte(LATEST_DATE, 'validation.dateRange')),
);

/** `from` before `to` when both are given; the error lands on `to`. */
export const fromBeforeTo = z.refine<{ from?: Date; to?: Date }>(
  (value) => !value.from || !value.to || value.from < value.to,
  { error: 'validation.dateOrder', path: ['to'] },
);
