import { IconDownload } from '@tabler/icons-react';
import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useFilterForm } from '../../components/use-filter-form';
import { useRemoteList } from '../../components/use-remote-list';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { formatDateTime, formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import { queryString, type ListState } from '../../lib/list-url';
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
    <div>
      <label htmlFor={`history-${name}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`history-${name}`}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        pattern={type === 'text' ? '[0-9]*' : undefined}
        className="form-control"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value.trim() })}
      />
    </div>
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
          <a
            className="btn btn-outline-primary ms-md-auto"
            href={`/api/admin/exportgamehistory${queryString(exportQuery)}`}
            download
          >
            <IconDownload size={18} aria-hidden="true" />
            <span>{words.export}</span>
          </a>
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
