import type { Labels } from '../lib/labels';

/** The words every list screen's kit needs; a page translates them with `translate(t, listLabelKeys)`. */
export const listLabelKeys = {
  search: 'list.search',
  pageSize: 'list.pageSize',
  range: 'list.range',
  pagination: 'list.pagination',
  first: 'list.page.first',
  previous: 'list.page.previous',
  next: 'list.page.next',
  last: 'list.page.last',
  pageOf: 'list.page.of',
  loading: 'list.loading',
  empty: 'list.empty',
  noMatch: 'list.noMatch',
  clearFilters: 'list.clearFilters',
  error: 'list.error',
  retry: 'list.retry',
  unreachable: 'api.error.unreachable',
  selectRow: 'list.selectRow',
  selectPage: 'list.selectPage',
  moreActions: 'list.moreActions',
  selected: 'list.selected',
  pageSelected: 'list.pageSelected',
  selectAllMatching: 'list.selectAllMatching',
  allMatchingSelected: 'list.allMatchingSelected',
  clearSelection: 'list.clearSelection',
  exportSelected: 'list.exportSelected',
  exportAll: 'list.exportAll',
  exportNone: 'list.exportNone',
} as const;

export type ListLabels = Labels<typeof listLabelKeys>;

/** Only the words ListPager says: for an island with a pager and no list kit around it. */
export const pagerLabelKeys = {
  range: listLabelKeys.range,
  pageSize: listLabelKeys.pageSize,
  pagination: listLabelKeys.pagination,
  first: listLabelKeys.first,
  previous: listLabelKeys.previous,
  next: listLabelKeys.next,
  last: listLabelKeys.last,
  pageOf: listLabelKeys.pageOf,
} as const;
