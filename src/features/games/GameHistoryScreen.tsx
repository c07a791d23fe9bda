import ExportLink from '../../components/ExportLink';
import FilterField from '../../components/FilterField';
import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useFilterForm } from '../../components/use-filter-form';
import { useRemoteList } from '../../components/use-remote-list';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { formatDateTime, formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { ListState } from '../../lib/list-url';
import type { GamePlayRow } from './game-input';
import { browserOffset } from '../../lib/day-filter';
import { historyListSpec, historyQuery } from './game-list-spec';
import { fetchHistory } from './games-api';
import type { HistoryScreenLabels } from './games-labels';

type Filter = 'user_id' | 'puzzle_id' | 'from' | 'to';

export interface GameHistoryScreenProps {
  initialState: ListState<'-played', Filter>;
  initialResult: ListResult<GamePlayRow> | null;
  locale: Locale;
  labels: HistoryScreenLabels;
  /** games.export: the export link is left out without it. */
  canExport: boolean;
}

/** Plays, newest first, filtered by user, puzzle and the admin's own days; "Export CSV" takes the same filter. */
export default function GameHistoryScreen({
  initialState,
  initialResult,
  locale,
  labels,
  canExport,
}: GameHistoryScreenProps) {
  const words = labels.history;
  const list = useRemoteList({ spec: historyListSpec, initialState, initialResult, load: fetchHistory });
  const { state, result } = list;
  const dates = useDateOptions();
  const { draft, setDraft, apply } = useFilterForm(list, initialState.filters);

  const exportQuery = new URLSearchParams(historyQuery(state.filters, browserOffset));
  const filterLink = (name: 'user_id' | 'puzzle_id', id: number, text: string, label: string) => (
    <button
      type="button"
      className="btn btn-link p-0 text-start"
      title={label}
      aria-label={label}
      onClick={() => list.setFilter(name, String(id))}
    >
      {text}
    </button>
  );
  const columns: ListColumn<GamePlayRow>[] = [
    {
      key: 'played',
      header: words.played,
      cell: (p) => formatDateTime(p.played_at, locale, dates),
      className: 'text-nowrap',
    },
    {
      key: 'user',
      header: words.user,
      rowHeader: true,
      cell: (p) => filterLink('user_id', p.user_id, p.user_name, fill(words.byUser, { name: p.user_name })),
    },
    {
      key: 'puzzle',
      header: words.puzzle,
      cell: (p) =>
        filterLink('puzzle_id', p.puzzle_id, p.puzzle_title, fill(words.byPuzzle, { name: p.puzzle_title })),
    },
    { key: 'result', header: words.result, cell: (p) => words[p.result] },
    { key: 'score', header: words.score, cell: (p) => formatNumber(p.score, locale), className: 'text-end' },
    {
      key: 'duration',
      header: words.duration,
      cell: (p) => formatNumber(p.duration, locale),
      className: 'text-end',
    },
  ];

  const field = (name: Filter, label: string, type: 'date' | 'text') => (
    <FilterField
      id={`history-${name}`}
      label={label}
      type={type}
      inputMode={type === 'text' ? 'numeric' : undefined}
      pattern={type === 'text' ? '[0-9]*' : undefined}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value.trim() })}
    />
  );

  return (
    <div className="app-list">
      <form className="app-list-toolbar align-items-end" onSubmit={apply}>
        {field('user_id', words.userFilter, 'text')}
        {field('puzzle_id', words.puzzleFilter, 'text')}
        {field('from', words.from, 'date')}
        {field('to', words.to, 'date')}
        <button type="submit" className="btn btn-outline-primary">
          {words.apply}
        </button>
        {canExport && (
          <ExportLink
            path="/api/admin/exportgamehistory"
            query={exportQuery}
            label={words.export}
            className="ms-md-auto"
          />
        )}
      </form>
      <ListTable
        caption={words.caption}
        columns={columns}
        rows={result.list}
        sort={state.sort}
        onSort={() => {}}
        busy={list.loading}
        labels={labels.list}
      />
      <ListFooter
        list={list}
        emptyText={words.empty}
        locale={locale}
        idPrefix="history"
        labels={labels.list}
      />
    </div>
  );
}
