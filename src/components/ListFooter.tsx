import type { Locale } from '../i18n/locales';
import { isFiltered } from '../lib/list-url';
import type { ListLabels } from './list-labels';
import ListPager from './ListPager';
import ListStatus, { type EmptyAction } from './ListStatus';
import type { RemoteList } from './use-remote-list';

interface ListFooterProps<Row, S extends string, F extends string> {
  /** The screen's useRemoteList: its state, rows and actions drive both parts. */
  list: RemoteList<Row, S, F>;
  /** Said when the list is empty and nothing filters it ("No API keys yet."). */
  emptyText?: string;
  /** What fills an empty list, with its own words, for an admin who may (the toolbar's "Add user"). */
  emptyAction?: EmptyAction | false;
  /** The page's language, for the pager's numbers. */
  locale: Locale;
  /** Prefixes the pager's control ids: unique per screen. */
  idPrefix: string;
  labels: ListLabels;
}

/**
 * What follows every remote list's table: its state (loading, empty with what fills it, no match,
 * error with Retry) and its pager, both wired to the list the same way on every screen.
 */
export default function ListFooter<Row, S extends string, F extends string>({
  list,
  emptyText,
  emptyAction,
  locale,
  idPrefix,
  labels,
}: ListFooterProps<Row, S, F>) {
  const { state, result } = list;
  // While the next page loads, the old rows stay (dimmed) and the pager goes on describing them:
  // "11–20" under rows 1–10 would be untrue. The initial empty result (no record) has nothing to say.
  const shown = list.loading && result.record > 0 ? result : state;
  return (
    <>
      <ListStatus
        count={result.list.length}
        loading={list.loading}
        error={list.error}
        filtered={isFiltered(state)}
        emptyText={emptyText}
        emptyAction={emptyAction}
        labels={labels}
        onRetry={() => void list.reload()}
        onClearFilters={list.clearFilters}
      />
      {/* Nothing to page through: no "0–0 of 0" and "Page 1 of 1" under an empty list. */}
      {(result.total > 0 || shown.page > 1) && (
        <ListPager
          page={shown.page}
          record={shown.record}
          total={result.total}
          capped={result.capped}
          count={result.list.length}
          locale={locale}
          idPrefix={idPrefix}
          labels={labels}
          onPage={list.setPage}
          onRecord={list.setRecord}
        />
      )}
    </>
  );
}
