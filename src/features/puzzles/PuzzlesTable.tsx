import { IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import RowActionButton from '../../components/RowActionButton';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import StatusBadge, { type StatusTone } from '../../components/StatusBadge';
import type { ListLabels } from '../../components/list-labels';
import type { Locale } from '../../i18n/locales';
import { formatDate, formatNumber, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { PuzzleRow, PuzzleStatus } from '../../shared/puzzles/puzzle-input';
import { HISTORY_VIEW } from '../../shared/games/game-list-spec';
import type { PuzzleLabels } from './puzzles-labels';

/** Published is live like an active user; a draft is not yet out, an archived one no longer. */
const STATUS_TONE: Record<PuzzleStatus, StatusTone> = {
  published: 'success',
  draft: 'warning',
  archived: 'neutral',
};

interface PuzzlesTableProps {
  rows: readonly PuzzleRow[];
  sort: string;
  onSort: (sort: string) => void;
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: PuzzleLabels;
  listLabels: ListLabels;
  /** Each left out when the admin's role does not allow it. */
  onEdit?: (puzzle: PuzzleRow) => void;
  onDelete?: (puzzle: PuzzleRow) => void;
  /** Whether the admin may see the game history a row links to. */
  history: boolean;
}

export default function PuzzlesTable(props: PuzzlesTableProps) {
  const { labels, locale, dates } = props;
  const columns: ListColumn<PuzzleRow>[] = [
    {
      key: 'title',
      header: labels.title,
      rowHeader: true,
      sort: { ascending: 'title', descending: '-title' },
      cell: (p) => p.title,
      className: 'fw-medium',
      ellipsis: true,
    },
    { key: 'category', header: labels.category, cell: (p) => p.category, giveWay: 'next', ellipsis: true },
    { key: 'difficulty', header: labels.difficulty, cell: (p) => labels[p.difficulty], fit: true },
    {
      key: 'status',
      header: labels.status,
      cell: (p) => <StatusBadge tone={STATUS_TONE[p.status]} label={labels[p.status]} />,
      fit: true,
    },
    {
      key: 'plays',
      header: labels.plays,
      sort: { ascending: 'plays', descending: '-plays' },
      cell: (p) => formatNumber(p.plays, locale),
      className: 'text-end',
      fit: true,
    },
    {
      key: 'average',
      header: labels.average,
      cell: (p) => (p.average_score === null ? '–' : formatNumber(p.average_score, locale)),
      className: 'text-end',
      fit: true,
      giveWay: 'first',
    },
    {
      key: 'created',
      header: labels.created,
      sort: { ascending: 'created', descending: '-created' },
      cell: (p) => formatDate(p.created_at, locale, dates),
      fit: true,
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (p) => actions(p),
      className: 'text-end',
      fit: true,
      dropWhenEmpty: true,
    },
  ];

  function actions(puzzle: PuzzleRow) {
    const name = puzzle.title;
    return rowActions(
      props.onEdit && (
        <RowActionButton
          label={fill(labels.edit, { name })}
          icon={IconPencil}
          onClick={() => props.onEdit?.(puzzle)}
        />
      ),
      props.history && (
        <RowActionButton
          label={fill(labels.historyOf, { name })}
          icon={IconHistory}
          href={`/puzzles?view=${HISTORY_VIEW}&puzzle_id=${puzzle.id}`}
        />
      ),
      props.onDelete && (
        <RowActionButton
          label={fill(labels.remove, { name })}
          icon={IconTrash}
          onClick={() => props.onDelete?.(puzzle)}
        />
      ),
    );
  }

  return (
    <ListTable
      caption={labels.caption}
      columns={columns}
      rows={props.rows}
      sort={props.sort}
      onSort={props.onSort}
      busy={props.busy}
      labels={props.listLabels}
      rowName={(p) => p.title}
      onOpen={props.onEdit}
    />
  );
}
