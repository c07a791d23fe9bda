import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { createElement, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { fill } from '../lib/labels';
import CellText from './CellText';
import type { ListLabels } from './list-labels';
import type { RowActionButtonProps } from './RowActionButton';
import RowActionMenu, { RowMenuNameContext } from './RowActionMenu';
import type { RowSelection } from './use-row-selection';

export interface ListColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The two sort values this column's header switches between. */
  sort?: { ascending: string; descending: string };
  /** The cell that names the row, for screen readers moving across a row. */
  rowHeader?: boolean;
  /** Shown as a visually hidden header (an avatar or actions column needs no visible title). */
  hideHeader?: boolean;
  /**
   * Makes room when the list is short of width (a laptop with the menu open, a phone's cards):
   * `first` columns go when the list is under 80rem wide, `next` ones under 64rem (list.scss).
   * Only for what a person can do without there: what the row's details or edit dialog show, or
   * what only adds to the row's name (a message under its title). Never while the list is sorted by it.
   */
  giveWay?: 'first' | 'next';
  /**
   * As wide as its content (a date, a figure, a badge, the actions): the columns holding text
   * share the rest, so the widths hold from one page or search to the next.
   */
  fit?: boolean;
  /**
   * Not drawn at all when no row has anything in it: an actions column whose every action the
   * admin's role leaves out (its cells return `rowActions()` of nothing) goes, header and all.
   */
  dropWhenEmpty?: boolean;
  /**
   * A name, an address, a title: on one line, cut with "…" (a text cell is drawn as `CellText`,
   * which holds the whole text in its hover tip). The column takes its share of what the `fit`
   * columns leave, whatever its rows hold, so widths hold while pages change.
   */
  ellipsis?: boolean;
  className?: string;
}

type RowAction = ReactElement<RowActionButtonProps> | null | undefined | false;

/**
 * A row's actions in the actions cell, the row's main one first: it stays in view, the others
 * go into the row's "⋯" menu (RowActionMenu). Every row's main action sits in the same slot, so
 * rows with one, two or three actions line up. Nothing at all when the role leaves them all out.
 */
export function rowActions(...buttons: RowAction[]): ReactNode {
  const shown = buttons.filter((button): button is ReactElement<RowActionButtonProps> => !!button);
  if (!shown.length) return null;
  const [primary, ...more] = shown;
  // As separate children, like JSX siblings: no keys needed.
  return createElement(
    'div',
    { className: 'app-list-actions' },
    primary,
    ...(more.length ? [createElement(RowActionMenu, { actions: more })] : []),
  );
}

// What a click on a row leaves alone: it already does something of its own there.
const OWN_CLICK = 'a, button, input, select, textarea, label, summary, [role="menu"], .dropdown-menu';

function ownClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (target.closest?.(OWN_CLICK)) return true;
  // Someone selecting a row's text to copy it has not asked for its details.
  return (window.getSelection()?.toString() ?? '') !== '';
}

/** A cell with nothing in it, as React draws nothing. */
function isBlank(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
}

/**
 * The attributes every cell of `column` carries, its header included. The column the list is
 * sorted by never gives way: the order must stay visible.
 */
function cellProps(column: ListColumn<never>, sort: string) {
  const className = [column.fit && 'app-list-fit', column.ellipsis && 'app-list-cut', column.className]
    .filter(Boolean)
    .join(' ');
  const sorted = sort === column.sort?.ascending || sort === column.sort?.descending;
  return {
    className: className || undefined,
    'data-column': column.key,
    'data-give-way': sorted ? undefined : column.giveWay,
  };
}

interface ListTableProps<Row extends { id: number }> {
  caption: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  sort: string;
  onSort: (sort: string) => void;
  busy: boolean;
  labels: Pick<ListLabels, 'selectRow' | 'selectPage' | 'moreActions'>;
  /** With a selection, each row gets a checkbox named after `rowName`. */
  selection?: RowSelection;
  /** Names the row for its checkbox and its "⋯" menu. */
  rowName?: (row: Row) => string;
  /**
   * Opens the row's details: a click anywhere on the row that is not on a control or a link of
   * its own, or Enter on the focused row (each row is a stop for Tab).
   */
  onOpen?: (row: Row) => void;
}

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSort(column: ListColumn<unknown>, sort: string): AriaSort {
  if (sort === column.sort?.ascending) return 'ascending';
  return sort === column.sort?.descending ? 'descending' : 'none';
}

/**
 * A server-sorted table: sortable headers are buttons, and `aria-sort` says which one rules.
 * Below `md` each row is drawn as a card (list.scss); the explicit table roles keep it a table for
 * screen readers, which drop a table's semantics once CSS changes how its parts display.
 */
export default function ListTable<Row extends { id: number }>(props: ListTableProps<Row>) {
  const { rows, sort, selection, labels } = props;
  // Each cell worked out once: whether a column stays depends on what its cells hold.
  const cells = rows.map((row) => props.columns.map((column) => column.cell(row)));
  const kept = props.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column, index }) => !column.dropWhenEmpty || cells.some((row) => !isBlank(row[index])));
  const columns = kept.map(({ column }) => column);
  const name = (row: Row) => props.rowName?.(row) ?? String(row.id);
  const onOpen = props.onOpen;

  function draw(column: ListColumn<Row>, content: ReactNode): ReactNode {
    return column.ellipsis && (typeof content === 'string' || typeof content === 'number') ? (
      <CellText text={String(content)} />
    ) : (
      content
    );
  }

  const openProps = (row: Row) =>
    onOpen && {
      tabIndex: 0,
      'data-open': '',
      onClick: (event: MouseEvent<HTMLElement>) => {
        if (!ownClick(event)) onOpen(row);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        // Only the row itself: Enter on a button inside it is that button's.
        if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        onOpen(row);
      },
    };

  function header(column: ListColumn<Row>): ReactNode {
    if (column.hideHeader) return <span className="visually-hidden">{column.header}</span>;
    if (!column.sort) return column.header;
    const direction = ariaSort(column as ListColumn<unknown>, sort);
    const Icon =
      direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
    const next = direction === 'ascending' ? column.sort.descending : column.sort.ascending;
    return (
      <button type="button" className="app-list-sort" onClick={() => props.onSort(next)}>
        {column.header}
        <Icon size={16} aria-hidden="true" />
      </button>
    );
  }

  return (
    <div className="table-responsive app-list-table">
      <table className="table table-hover align-middle mb-0" role="table" aria-busy={props.busy}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {selection && (
              <th scope="col" role="columnheader" className="app-list-check">
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={labels.selectPage}
                  checked={selection.page === 'all'}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.page === 'some';
                  }}
                  onChange={selection.togglePage}
                  disabled={rows.length === 0}
                />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                role="columnheader"
                {...cellProps(column, sort)}
                aria-sort={column.sort ? ariaSort(column as ListColumn<unknown>, sort) : undefined}
              >
                {header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, rowIndex) => (
            <tr
              key={row.id}
              role="row"
              className={selection?.selected.has(row.id) ? 'table-active' : undefined}
              {...openProps(row)}
            >
              {selection && (
                <td role="cell" className="app-list-check">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={fill(labels.selectRow, { name: name(row) })}
                    checked={selection.selected.has(row.id)}
                    onChange={() => selection.toggle(row.id)}
                  />
                </td>
              )}
              {kept.map(({ column, index }) => {
                // On a phone a row is a card and each cell says what it is (list.scss).
                const label = column.hideHeader || column.rowHeader ? undefined : column.header;
                const content = draw(column, cells[rowIndex]![index]);
                return column.rowHeader ? (
                  <th key={column.key} scope="row" role="rowheader" {...cellProps(column, sort)}>
                    {content}
                  </th>
                ) : (
                  <td key={column.key} role="cell" {...cellProps(column, sort)} data-label={label}>
                    {column.key === 'actions' ? (
                      <RowMenuNameContext.Provider value={fill(labels.moreActions, { name: name(row) })}>
                        {content}
                      </RowMenuNameContext.Provider>
                    ) : (
                      content
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
