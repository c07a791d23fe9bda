/**
 * The page sizes every list offers. Apart from list-query.ts (which needs zod) so that a pager
 * does not bring zod (about 10 kB gzip) into an island that has no schema of its own.
 */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
