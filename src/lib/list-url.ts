import { LIST_PAGE_SIZES } from './list-page-sizes';

/**
 * A list screen's state as it lives in the URL (`?page=&record=&search=&sort=&<filter>=`), so a
 * reload, back/forward or a shared link shows the same rows. Isomorphic: the page parses
 * `Astro.url` with it for the first render, the island with `location` afterwards.
 * Values that equal the default are left out of the URL; anything unknown falls back to it.
 */
export interface ListSpec<Sort extends string = string, Filter extends string = string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  /**
   * Filter name → the values it accepts, as a list or, for open-ended values (an id, a date, a
   * free-text category), a pattern the whole value must match; '' (not in the URL) means "all".
   */
  filters: Readonly<Record<Filter, readonly string[] | RegExp>>;
}

export interface ListState<Sort extends string = string, Filter extends string = string> {
  page: number;
  record: number;
  search: string;
  sort: Sort;
  filters: Record<Filter, string>;
}

/** 25 rows: a laptop's screenful at the comfortable density, more at the compact one. */
export const DEFAULT_RECORD = LIST_PAGE_SIZES[1];
const MAX_PAGE = 1_000_000;

export function defineListSpec<const Sort extends string, const Filter extends string>(
  spec: ListSpec<Sort, Filter>,
): ListSpec<Sort, Filter> {
  return spec;
}

export function defaultListState<S extends string, F extends string>(spec: ListSpec<S, F>): ListState<S, F> {
  return { page: 0, record: DEFAULT_RECORD, search: '', sort: spec.defaultSort, filters: noFilters(spec) };
}

export function noFilters<S extends string, F extends string>(spec: ListSpec<S, F>): Record<F, string> {
  return Object.fromEntries(Object.keys(spec.filters).map((name) => [name, ''])) as Record<F, string>;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[] | RegExp, fallback: T): T {
  if (value === null) return fallback;
  if (allowed instanceof RegExp)
    return new RegExp(`^(?:${allowed.source})$`).test(value) ? (value as T) : fallback;
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

export function parseListState<S extends string, F extends string>(
  spec: ListSpec<S, F>,
  params: URLSearchParams,
): ListState<S, F> {
  const record = wholeNumber(params.get('record'));
  const filters = noFilters(spec);
  for (const name of Object.keys(spec.filters) as F[]) {
    filters[name] = oneOf<string>(params.get(name), spec.filters[name], '');
  }
  return {
    page: Math.min(wholeNumber(params.get('page')) ?? 0, MAX_PAGE),
    record: (LIST_PAGE_SIZES as readonly number[]).includes(record ?? -1)
      ? (record as number)
      : DEFAULT_RECORD,
    search: (params.get('search') ?? '').trim(),
    sort: oneOf(params.get('sort'), spec.sorts, spec.defaultSort),
    filters,
  };
}

/** The keys a list owns in the URL; everything else (`?open=7`) is left as it is. */
export function listKeys(spec: ListSpec): string[] {
  return ['page', 'record', 'search', 'sort', ...Object.keys(spec.filters)];
}

/**
 * `current` with the list's keys replaced by `state`, defaults omitted. Other parameters stay, in
 * their order, so a screen can keep its own (`open`) beside the list's.
 */
export function writeListState<S extends string, F extends string>(
  spec: ListSpec<S, F>,
  state: ListState<S, F>,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of listKeys(spec)) params.delete(key);
  if (state.page > 0) params.set('page', String(state.page));
  if (state.record !== DEFAULT_RECORD) params.set('record', String(state.record));
  if (state.search) params.set('search', state.search);
  if (state.sort !== spec.defaultSort) params.set('sort', state.sort);
  for (const name of Object.keys(spec.filters) as F[]) {
    if (state.filters[name]) params.set(name, state.filters[name]);
  }
  return params;
}

/** `?a=1` or '' — ready to append to a path. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every value spelled out, for the list endpoint (which has the same defaults, but says so itself). */
export function listRequestQuery<S extends string, F extends string>(
  state: ListState<S, F>,
): Record<string, string | number> {
  const filters = Object.entries(state.filters as Record<string, string>).filter(([, value]) => value);
  return {
    page: state.page,
    record: state.record,
    search: state.search,
    sort: state.sort,
    ...Object.fromEntries(filters),
  };
}

/** A search or a filter narrows the list: an empty answer then means "no match", not "no rows". */
export function isFiltered(state: ListState): boolean {
  return state.search !== '' || Object.values(state.filters).some(Boolean);
}
