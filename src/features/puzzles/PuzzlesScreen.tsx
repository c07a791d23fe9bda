import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListFooter from '../../components/ListFooter';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { describeFailure } from '../../lib/api-failure';
import { showSnackbar } from '../../stores/snackbar';
import PuzzleForm from './PuzzleForm';
import PuzzlesTable from './PuzzlesTable';
import PuzzlesToolbar from './PuzzlesToolbar';
import type { PuzzleDetail, PuzzleRow, PuzzleSort } from '../../shared/puzzles/puzzle-input';
import { puzzleListSpec } from './puzzle-list-spec';
import { fetchPuzzle, fetchPuzzles } from './puzzles-api';
import type { PuzzlesScreenLabels } from './puzzles-labels';
import { usePuzzleActions } from './use-puzzle-actions';
import type { PuzzleGrants } from './puzzle-grants';
import type { EntityHistoryLabels } from '../audit/audit-labels';

export interface PuzzlesScreenProps extends ListScreenProps<
  PuzzleRow,
  PuzzleSort,
  'category' | 'difficulty' | 'status',
  PuzzlesScreenLabels
> {
  categories: string[];
  /** What the admin's role allows here; the rest is left out. */
  can: PuzzleGrants;
  /** The history panel's words, for an admin who may read the audit trail (null: no panel). */
  history?: EntityHistoryLabels | null;
}

/** The /puzzles list: search, filters, add/edit with the content editor, delete or archive. */
export default function PuzzlesScreen({
  initialState,
  initialResult,
  categories,
  locale,
  labels,
  can,
  history = null,
}: PuzzlesScreenProps) {
  const words = labels.puzzles;
  const list = useRemoteList({ spec: puzzleListSpec, initialState, initialResult, load: fetchPuzzles });
  const { state, result } = list;
  const [editing, setEditing] = useState<PuzzleDetail | 'new' | null>(null);
  const dates = useDateOptions();
  const removal = usePuzzleActions(labels, () => void list.reload());
  const add = can.edit ? () => setEditing('new') : undefined;

  async function edit(puzzle: PuzzleRow) {
    try {
      setEditing(await fetchPuzzle(puzzle.id));
    } catch (failure) {
      showSnackbar({ message: describeFailure(failure, labels.form.unreachable).message, severity: 'error' });
    }
  }

  return (
    <div className="app-list">
      <PuzzlesToolbar
        searchText={list.searchText}
        onSearch={list.setSearch}
        filters={state.filters}
        onFilter={list.setFilter}
        categories={categories}
        labels={words}
        onAdd={add}
      />
      <PuzzlesTable
        rows={result.list}
        sort={state.sort}
        onSort={(sort) => list.setSort(sort as PuzzleSort)}
        busy={list.loading}
        locale={locale}
        dates={dates}
        labels={words}
        listLabels={labels.list}
        onEdit={can.edit ? (puzzle) => void edit(puzzle) : undefined}
        onDelete={can.delete ? removal.ask : undefined}
        history={can.history}
      />
      <ListFooter
        list={list}
        emptyText={words.empty}
        emptyAction={add && { text: words.emptyAdd, label: words.add, onClick: add }}
        locale={locale}
        idPrefix="puzzles"
        labels={labels.list}
      />
      <PuzzleForm
        show={editing !== null}
        puzzle={editing === 'new' ? null : editing}
        labels={labels}
        locale={locale}
        history={history}
        onHide={() => setEditing(null)}
        onSaved={({ message }) => {
          setEditing(null);
          showSnackbar({ message, severity: 'success' });
          void list.reload();
        }}
      />
      <ConfirmDialog {...removal.dialog} />
    </div>
  );
}
