import { IconDownload } from '@tabler/icons-react';
import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useFilterForm } from '../../components/use-filter-form';
import { useRemoteList } from '../../components/use-remote-list';
import type { Locale } from '../../i18n/locales';
import { browserOffset } from '../../lib/day-filter';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import { formatDateTime } from '../../lib/format';
import { queryString, type ListState } from '../../lib/list-url';
import { ActionCell, TargetCell, detailFormats } from '../account/ActivityCells';
import type { AuditRow } from './audit-input';
import { AUDIT_AREAS, type AuditScreenLabels } from './audit-labels';
import { auditListSpec, auditQuery, type AuditFilters } from './audit-list-spec';

type Filter = keyof AuditFilters;

function fetchAudit(state: ListState, signal: AbortSignal): Promise<ListResult<AuditRow>> {
  const query = {
    page: state.page,
    record: state.record,
    ...auditQuery(state.filters as AuditFilters, browserOffset),
  };
  return fetchList<AuditRow>('/api/admin/getaudit', state, signal, query);
}

export interface AuditScreenProps {
  initialState: ListState<'newest', Filter>;
  initialResult: ListResult<AuditRow> | null;
  /** Every administrator, for the filter (id and name). */
  admins: { id: number; name: string }[];
  locale: Locale;
  labels: AuditScreenLabels;
}

/** The audit trail, newest first, in words: filter by admin, area and days; export what is shown. */
export default function AuditScreen({
  initialState,
  initialResult,
  admins,
  locale,
  labels,
}: AuditScreenProps) {
  const words = labels.audit;
  const list = useRemoteList({ spec: auditListSpec, initialState, initialResult, load: fetchAudit });
  const { state, result } = list;
  const dates = useDateOptions();
  const { draft, setDraft, apply } = useFilterForm(list, initialState.filters);

  const formats = detailFormats(locale, dates);
  const exportQuery = new URLSearchParams(auditQuery(state.filters as AuditFilters, browserOffset));
  const columns: ListColumn<AuditRow>[] = [
    {
      key: 'at',
      header: words.at,
      cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, locale, dates)}</time>,
      className: 'text-nowrap',
    },
    { key: 'admin', header: words.admin, cell: (row) => row.admin_name ?? words.server },
    {
      key: 'action',
      header: words.action,
      rowHeader: true,
      cell: (row) => (
        <ActionCell
          action={row.action}
          detail={row.detail}
          actions={labels.actions}
          words={labels.activity}
          formats={formats}
        />
      ),
    },
    {
      key: 'target',
      header: words.target,
      cell: (row) => <TargetCell target={row.target} name={row.target_name} words={labels.activity} />,
    },
    { key: 'ip', header: words.ip, cell: (row) => row.ip ?? '', className: 'text-nowrap' },
  ];

  const select = (name: 'admin_id' | 'area', label: string, all: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`audit-${name}`} className="form-label small mb-1">
        {label}
      </label>
      <select
        id={`audit-${name}`}
        className="form-select"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      >
        <option value="">{all}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const day = (name: 'from' | 'to', label: string) => (
    <div>
      <label htmlFor={`audit-${name}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        type="date"
        className="form-control"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      />
    </div>
  );

  return (
    <div className="app-list">
      <form className="app-list-toolbar align-items-end" onSubmit={apply} aria-label={words.filters}>
        {select(
          'admin_id',
          words.adminFilter,
          words.allAdmins,
          admins.map((admin) => [String(admin.id), admin.name]),
        )}
        {select(
          'area',
          words.areaFilter,
          words.allAreas,
          AUDIT_AREAS.map((area) => [area, labels.areas[area]]),
        )}
        {day('from', words.from)}
        {day('to', words.to)}
        <button type="submit" className="btn btn-outline-primary">
          {words.apply}
        </button>
        <a
          className="btn btn-outline-primary ms-md-auto"
          href={`/api/admin/exportaudit${queryString(exportQuery)}`}
          download
        >
          <IconDownload size={18} aria-hidden="true" />
          <span>{words.export}</span>
        </a>
      </form>
      {state.filters.target && (
        <p className="d-flex flex-wrap align-items-center gap-2 mb-0">
          <span>
            {words.showing}{' '}
            <TargetCell
              target={state.filters.target}
              name={result.list.find((row) => row.target === state.filters.target)?.target_name}
              words={labels.activity}
            />
          </span>
          <button
            type="button"
            className="btn btn-sm btn-link p-0"
            onClick={() => list.setFilter('target', '')}
          >
            {words.clearTarget}
          </button>
        </p>
      )}
      <ListTable
        caption={words.caption}
        columns={columns}
        rows={result.list}
        sort={state.sort}
        onSort={() => {}}
        busy={list.loading}
        labels={labels.list}
      />
      <ListFooter list={list} emptyText={words.empty} locale={locale} idPrefix="audit" labels={labels.list} />
    </div>
  );
}
