import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fill } from '../lib/labels';
import type { ListLabels } from './list-labels';
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
  className?: string;
}

interface ListTableProps<Row extends { id: number }> {
  caption: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  sort: string;
  onSort: (sort: string) => void;
  busy: boolean;
  labels: Pick<ListLabels, 'selectRow' | 'selectPage'>;
  /** With a selection, each row gets a checkbox named after `rowName`. */
  selection?: RowSelection;
  rowName?: (row: Row) => string;
}

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSort(column: ListColumn<unknown>, sort: string): AriaSort {
  if (sort === column.sort?.ascending) return 'ascending';
  return sort === column.sort?.descending ? 'descending' : 'none';
}

/** A server-sorted table: sortable headers are buttons, and `aria-sort` says which one rules. */
export default function ListTable<Row extends { id: number }>(props: ListTableProps<Row>) {
  const { columns, rows, sort, selection, labels } = props;

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
      <table className="table table-hover align-middle mb-0" aria-busy={props.busy}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="app-list-check">
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
                className={column.className}
                aria-sort={column.sort ? ariaSort(column as ListColumn<unknown>, sort) : undefined}
              >
                {header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={selection?.selected.has(row.id) ? 'table-active' : undefined}>
              {selection && (
                <td className="app-list-check">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={fill(labels.selectRow, { name: props.rowName?.(row) ?? String(row.id) })}
                    checked={selection.selected.has(row.id)}
                    onChange={() => selection.toggle(row.id)}
                  />
                </td>
              )}
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
