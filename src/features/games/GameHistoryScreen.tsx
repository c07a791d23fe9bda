import { useState } from 'react';
import type { Pick } from '../../components/ChipPicker';
import CellText from '../../components/CellText';
import ExportLink from '../../components/ExportLink';
import RelativeTime from '../../components/RelativeTime';
import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useFilterForm } from '../../components/use-filter-form';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { formatDuration, formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { GamePlayRow } from '../../shared/games/game-input';
import { browserOffset } from '../../lib/day-filter';
import {
  historyListSpec,
  historyQuery,
  type HistoryPicks,
  type PickFilter,
} from '../../shared/games/game-list-spec';
import { fetchHistory } from './games-api';
import type { HistoryScreenLabels } from './games-labels';
import HistoryFilters from './HistoryFilters';

type Filter = 'user_id' | 'puzzle_id' | 'from' | 'to';

export interface GameHistoryScreenProps extends ListScreenProps<
  GamePlayRow,
  '-played',
  Filter,
  HistoryScreenLabels
> {
  /** The names of the player and puzzle the URL filters by, read by the page. */
  initialPicks: HistoryPicks;
  /** games.export: the export link is left out without it. */
  canExport: boolean;
}

/** Plays, newest first, filtered by user, puzzle and the admin's own days; "Export CSV" takes the same filter. */
export default function GameHistoryScreen({
  initialState,
  initialResult,
  initialPicks,
  locale,
  labels,
  canExport,
}: GameHistoryScreenProps) {
  const words = labels.history;
  const list = useRemoteList({ spec: historyListSpec, initialState, initialResult, load: fetchHistory });
  const { state, result } = list;
  const dates = useDateOptions();
  // A reversed day range waits until it is fixed; HistoryFilters says so at "To".
  const { draft, setDraft, apply } = useFilterForm(
    list,
    initialState.filters,
    (next) => next.from === '' || next.to === '' || next.from <= next.to,
  );

  // Names met so far (the page's, a pick's, a row link's), so a chip reads a name, not an id.
  const [picked, setPicked] = useState(initialPicks);
  const remember = (name: PickFilter, pick: Pick) => setPicked((known) => ({ ...known, [name]: pick }));
  const named = (name: PickFilter, id: number): Pick | undefined => {
    if (picked[name]?.id === id) return picked[name];
    // Back and forward can bring an id back: the rows it filters carry its name.
    const row = result.list.find((play) => play[name] === id);
    return row && { id, name: name === 'user_id' ? row.user_name : row.puzzle_title };
  };

  const exportQuery = new URLSearchParams(historyQuery(state.filters, browserOffset));
  const filterLink = (name: PickFilter, id: number, text: string, label: string) => (
    <button
      type="button"
      className="app-list-link"
      title={label}
      aria-label={label}
      onClick={() => {
        remember(name, { id, name: text });
        list.setFilter(name, String(id));
      }}
    >
      <CellText text={text} />
    </button>
  );
  const columns: ListColumn<GamePlayRow>[] = [
    {
      key: 'played',
      header: words.played,
      cell: (p) => <RelativeTime value={p.played_at} locale={locale} dates={dates} />,
      fit: true,
    },
    {
      key: 'user',
      header: words.user,
      rowHeader: true,
      cell: (p) => filterLink('user_id', p.user_id, p.user_name, fill(words.byUser, { name: p.user_name })),
      ellipsis: true,
    },
    {
      key: 'puzzle',
      header: words.puzzle,
      cell: (p) =>
        filterLink('puzzle_id', p.puzzle_id, p.puzzle_title, fill(words.byPuzzle, { name: p.puzzle_title })),
      ellipsis: true,
    },
    { key: 'result', header: words.result, cell: (p) => words[p.result], fit: true },
    {
      key: 'score',
      header: words.score,
      cell: (p) => formatNumber(p.score, locale),
      className: 'text-end',
      fit: true,
    },
    {
      key: 'duration',
      header: words.duration,
      cell: (p) => formatDuration(p.duration),
      className: 'text-end',
      fit: true,
    },
  ];

  return (
    <div className="app-list">
      <HistoryFilters
        draft={draft}
        setDraft={setDraft}
        apply={apply}
        named={named}
        onPicked={remember}
        locale={locale}
        words={words}
      >
        {canExport && (
          <ExportLink
            path="/api/admin/exportgamehistory"
            query={exportQuery}
            label={words.export}
            className="ms-md-auto"
          />
        )}
      </HistoryFilters>
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
