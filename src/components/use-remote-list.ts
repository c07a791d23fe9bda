import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../i18n/locales';
import type { ListResult } from '../lib/envelope';
import {
  noFilters,
  parseListState,
  queryString,
  writeListState,
  type ListSpec,
  type ListState,
} from '../lib/list-url';
import { useLatestRequest } from './use-latest-request';

export const SEARCH_DEBOUNCE_MS = 300;

export interface RemoteListOptions<Row, S extends string, F extends string> {
  spec: ListSpec<S, F>;
  /** What the page parsed from its URL and rendered on the server. */
  initialState: ListState<S, F>;
  /** The server-rendered rows; null when the server could not load them (the island shows the error). */
  initialResult: ListResult<Row> | null;
  load: (state: ListState<S, F>, signal: AbortSignal) => Promise<ListResult<Row>>;
}

/**
 * What every list screen's island is handed by its page: the first page as the server parsed and
 * rendered it, for `useRemoteList`, and the words it needs, translated on the server. Each screen
 * extends it with its own props.
 */
export interface ListScreenProps<Row, S extends string, F extends string, Labels> {
  /** What the page parsed from its URL. */
  initialState: ListState<S, F>;
  /** The first page, rendered on the server; null when it could not be loaded (the island says so). */
  initialResult: ListResult<Row> | null;
  locale: Locale;
  labels: Labels;
}

const emptyResult = { list: [], total: 0, page: 0, record: 0, search: '' };

/**
 * A server-paged list whose state lives in the URL: every change is pushed to history (search
 * typing replaces, so Back does not replay each keystroke), Back/Forward reload the rows for the
 * URL they land on, and the first rows come from the server so nothing spins on first paint.
 */
export function useRemoteList<Row, S extends string, F extends string>(
  options: RemoteListOptions<Row, S, F>,
) {
  const { spec, load } = options;
  const [state, setState] = useState(options.initialState);
  const [searchText, setSearchText] = useState(options.initialState.search);
  const request = useLatestRequest<ListResult<Row>>(
    options.initialResult ?? emptyResult,
    options.initialResult ? null : 'Wrong Services',
  );
  const stateRef = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { run } = request;

  const fetchRows = useCallback((next: ListState<S, F>) => run((signal) => load(next, signal)), [run, load]);

  const navigate = useCallback(
    (next: ListState<S, F>, history: 'push' | 'replace' = 'push') => {
      clearTimeout(timer.current);
      stateRef.current = next;
      setState(next);
      const params = writeListState(spec, next, new URLSearchParams(window.location.search));
      const url = window.location.pathname + queryString(params) + window.location.hash;
      if (history === 'push') window.history.pushState(window.history.state, '', url);
      else window.history.replaceState(window.history.state, '', url);
      void fetchRows(next);
    },
    [spec, fetchRows],
  );

  useEffect(() => {
    const follow = () => {
      const next = parseListState(spec, new URLSearchParams(window.location.search));
      clearTimeout(timer.current);
      stateRef.current = next;
      setState(next);
      setSearchText(next.search);
      void fetchRows(next);
    };
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      clearTimeout(timer.current);
    };
  }, [spec, fetchRows]);

  // Asked past the last page (rows deleted, a shared link grown old): show the last one instead.
  const { data } = request;
  useEffect(() => {
    const current = stateRef.current;
    if (data.list.length === 0 && data.total > 0 && current.page > 0) {
      navigate({ ...current, page: Math.max(0, Math.ceil(data.total / current.record) - 1) }, 'replace');
    }
  }, [data, navigate]);

  const change = (patch: Partial<ListState<S, F>>) => navigate({ ...stateRef.current, page: 0, ...patch });

  return {
    state,
    result: request.data,
    loading: request.loading,
    error: request.error,
    /** The search box's text, ahead of the debounced search that loads rows. */
    searchText,
    setSearch(text: string) {
      setSearchText(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const search = text.trim();
        const previous = stateRef.current;
        if (search !== previous.search)
          navigate({ ...previous, page: 0, search }, previous.search ? 'replace' : 'push');
      }, SEARCH_DEBOUNCE_MS);
    },
    setPage: (page: number) => navigate({ ...stateRef.current, page }),
    setRecord: (record: number) => change({ record }),
    setSort: (sort: S) => change({ sort }),
    setFilter: (name: F, value: string) =>
      change({ filters: { ...stateRef.current.filters, [name]: value } }),
    /** Several filters at once: one history entry, one load. */
    setFilters: (patch: Partial<Record<F, string>>) =>
      change({ filters: { ...stateRef.current.filters, ...patch } }),
    clearFilters() {
      setSearchText('');
      change({ search: '', filters: noFilters(spec) });
    },
    /** Loads the current page again (Retry, or after a write). */
    reload: () => fetchRows(stateRef.current),
  };
}

export type RemoteList<Row, S extends string, F extends string> = ReturnType<typeof useRemoteList<Row, S, F>>;
