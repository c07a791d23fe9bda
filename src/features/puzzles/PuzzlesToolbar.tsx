import { IconPlus } from '@tabler/icons-react';
import ListFilter, { type ListFilterOption } from '../../components/ListFilter';
import ListToolbar from '../../components/ListToolbar';
import { PUZZLE_DIFFICULTIES, PUZZLE_STATUSES } from '../../shared/puzzles/puzzle-input';
import type { PuzzleLabels } from './puzzles-labels';

interface PuzzlesToolbarProps {
  searchText: string;
  onSearch: (text: string) => void;
  filters: Record<'category' | 'difficulty' | 'status', string>;
  onFilter: (name: 'category' | 'difficulty' | 'status', value: string) => void;
  categories: readonly string[];
  labels: PuzzleLabels;
  /** Left out when the admin may not add puzzles. */
  onAdd?: () => void;
}

/** Search, the three filters and Add. */
export default function PuzzlesToolbar({ labels, filters, onFilter, ...props }: PuzzlesToolbarProps) {
  const select = (
    name: 'category' | 'difficulty' | 'status',
    label: string,
    all: string,
    options: readonly ListFilterOption[],
  ) => (
    <div className="d-flex align-items-center">
      <ListFilter
        id={`puzzles-${name}`}
        label={label}
        allLabel={all}
        value={filters[name]}
        options={options}
        onChange={(value) => onFilter(name, value)}
      />
    </div>
  );
  const categories =
    props.categories.includes(filters.category) || !filters.category
      ? props.categories
      : [...props.categories, filters.category];
  return (
    <ListToolbar
      searchId="puzzles-search"
      searchLabel={labels.search}
      search={props.searchText}
      onSearch={props.onSearch}
    >
      {select(
        'category',
        labels.categoryFilter,
        labels.allCategories,
        categories.map((value) => ({ value, label: value })),
      )}
      {select(
        'difficulty',
        labels.difficultyFilter,
        labels.allDifficulties,
        PUZZLE_DIFFICULTIES.map((value) => ({ value, label: labels[value] })),
      )}
      {select(
        'status',
        labels.statusFilter,
        labels.allStatuses,
        PUZZLE_STATUSES.map((value) => ({ value, label: labels[value] })),
      )}
      {props.onAdd && (
        <button type="button" className="btn btn-primary" onClick={props.onAdd}>
          <IconPlus size={18} aria-hidden="true" />
          <span>{labels.add}</span>
        </button>
      )}
    </ListToolbar>
  );
}
