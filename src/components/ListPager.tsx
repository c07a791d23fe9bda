import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { fill } from '../lib/labels';
import type { Locale } from '../i18n/locales';
import { formatNumber, formatTotal } from '../lib/format';
import { LIST_PAGE_SIZES } from '../lib/list-page-sizes';
import type { ListLabels } from './list-labels';

interface ListPagerProps {
  page: number;
  record: number;
  total: number;
  /** The total is a lower bound ("1,000+"): the last page is unknown, a full page may have a next. */
  capped?: boolean;
  /** Rows actually on this page (the last one may be short). */
  count: number;
  locale: Locale;
  idPrefix: string;
  labels: Pick<
    ListLabels,
    'range' | 'pageSize' | 'pagination' | 'first' | 'previous' | 'next' | 'last' | 'pageOf'
  >;
  onPage: (page: number) => void;
  /** Without it there is no page-size choice (a small list inside a panel). */
  onRecord?: (record: number) => void;
}

/** "1–10 of 1,234" in the page's language, the page size, and first / previous / next / last. */
export default function ListPager(props: ListPagerProps) {
  const { page, record, total, capped = false, locale, labels } = props;
  const number = (value: number) => formatNumber(value, locale);
  const pages = Math.max(1, Math.ceil(total / record), capped ? page + 1 : 0);
  const hasNext = capped ? props.count === record : page < pages - 1;
  const from = props.count === 0 ? 0 : page * record + 1;
  const to = props.count === 0 ? 0 : page * record + props.count;
  const buttons = [
    { label: labels.first, Icon: IconChevronsLeft, target: 0, disabled: page === 0 },
    { label: labels.previous, Icon: IconChevronLeft, target: page - 1, disabled: page === 0 },
    { label: labels.next, Icon: IconChevronRight, target: page + 1, disabled: !hasNext },
    { label: labels.last, Icon: IconChevronsRight, target: pages - 1, disabled: capped || !hasNext },
  ];
  const pageButton = ({ label, Icon, target, disabled }: (typeof buttons)[number]) => (
    // The chevrons point along the reading direction: _list.scss mirrors them in right-to-left.
    <button
      key={label}
      type="button"
      className="btn btn-sm app-icon-btn app-list-flip"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => props.onPage(target)}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
  return (
    <div className="app-list-pager">
      {/* Its own direction from its words: in a right-to-left layout "1–2 of 2" would read "of 2 2–1". */}
      <p className="mb-0 text-body-secondary" dir="auto">
        {fill(labels.range, {
          from: number(from),
          to: number(to),
          total: formatTotal(total, locale, capped),
        })}
      </p>
      {props.onRecord && (
        <div className="d-flex align-items-center gap-2">
          <label htmlFor={`${props.idPrefix}-record`} className="text-nowrap mb-0">
            {labels.pageSize}
          </label>
          <select
            id={`${props.idPrefix}-record`}
            className="form-select form-select-sm w-auto"
            value={record}
            onChange={(event) => props.onRecord?.(Number(event.currentTarget.value))}
          >
            {LIST_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {number(size)}
              </option>
            ))}
          </select>
        </div>
      )}
      <nav aria-label={labels.pagination} className="d-flex align-items-center gap-1">
        {buttons.slice(0, 2).map(pageButton)}
        <span className="px-2 text-nowrap">
          {fill(labels.pageOf, { page: number(page + 1), pages: formatTotal(pages, locale, capped) })}
        </span>
        {buttons.slice(2).map(pageButton)}
      </nav>
    </div>
  );
}
