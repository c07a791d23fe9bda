import type { ReactNode } from 'react';
import { fill, plural } from '../lib/labels';
import type { Locale } from '../i18n/locales';
import { formatNumber, formatTotal } from '../lib/format';
import type { ListLabels } from './list-labels';
import type { RowSelection } from './use-row-selection';

interface ListSelectionBarProps {
  selection: RowSelection;
  /** Rows the current filter matches, on every page. */
  total: number;
  /** The total is a lower bound ("1,000+"). */
  capped?: boolean;
  /** Rows on this page. */
  count: number;
  locale: Locale;
  labels: Pick<
    ListLabels,
    'selected' | 'pageSelected' | 'selectAllMatching' | 'allMatchingSelected' | 'clearSelection'
  >;
  /** The screen's bulk actions. */
  children: ReactNode;
}

/**
 * Shown while rows are selected: how many, the screen's bulk actions, and, once the whole page is
 * picked, the offer to act on every row the filter matches (Gmail's "Select all N").
 */
export default function ListSelectionBar({
  selection,
  total,
  capped = false,
  count,
  locale,
  labels,
  children,
}: ListSelectionBarProps) {
  const picked = selection.allMatching ? total : selection.selected.size;
  if (picked === 0) return null;
  const n = (value: number) => formatNumber(value, locale);
  const all = formatTotal(total, locale, capped);
  const offerAll = !selection.allMatching && selection.page === 'all' && (capped || total > count);
  const selected = plural(labels.selected, picked, { count: n(picked) });
  return (
    <div className="app-list-bulk" role="region" aria-label={selected}>
      <strong>{selected}</strong>
      {offerAll && (
        <span>
          {plural(labels.pageSelected, count, { count: n(count) })}{' '}
          <button
            type="button"
            className="btn btn-link p-0 align-baseline"
            onClick={selection.selectAllMatching}
          >
            {fill(labels.selectAllMatching, { total: all })}
          </button>
        </span>
      )}
      {selection.allMatching && <span>{fill(labels.allMatchingSelected, { total: all })}</span>}
      <div className="d-flex flex-wrap gap-2 ms-auto">
        {children}
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={selection.clear}>
          {labels.clearSelection}
        </button>
      </div>
    </div>
  );
}
