import ExportLink from '../../components/ExportLink';
import FilterField from '../../components/FilterField';
import ListFilter from '../../components/ListFilter';
import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useFilterForm } from '../../components/use-filter-form';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { browserOffset } from '../../lib/day-filter';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import { fill } from '../../lib/labels';
import type { ListState } from '../../lib/list-url';
import { TargetCell, entryColumns } from './AuditCells';
import type { AuditRow } from '../../shared/audit/audit-input';
import { AUDIT_AREAS, type AuditScreenLabels } from './audit-labels';
import { auditListSpec, auditQuery, type AuditFilters } from './audit-list-spec';

type Filter = keyof AuditFilters;

function fetchAudit(state: ListState, signal: AbortSignal): Promise<ListResult<AuditRow>> {
  const query = {
    page: state.page,
    record: state.record,
    ...auditQuery(state.filters as AuditFilters, browserOffset),
  };
  return fetchList('/api/admin/getaudit', state, signal, query);
}

export interface AuditScreenProps extends ListScreenProps<AuditRow, 'newest', Filter, AuditScreenLabels> {
  /** Every administrator, for the filter (id and name). */
  admins: { id: number; name: string }[];
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
  const filters = labels.filters;
  const list = useRemoteList({ spec: auditListSpec, initialState, initialResult, load: fetchAudit });
  const { state, result } = list;
  const dates = useDateOptions();
  const { draft, setDraft, apply } = useFilterForm(list, initialState.filters);

  const exportQuery = new URLSearchParams(auditQuery(state.filters as AuditFilters, browserOffset));
  const entry = entryColumns<AuditRow>({
    headers: words,
    actions: labels.actions,
    words: labels.activity,
    locale,
    dates,
  });
  // The actor as named when the entry was written; a product API key by its name.
  const admin: ListColumn<AuditRow> = {
    key: 'admin',
    header: words.admin,
    cell: (row) =>
      row.admin_name ?? (row.api_key_name ? fill(words.apiKey, { name: row.api_key_name }) : words.server),
    ellipsis: true,
  };
  // Coalesced refusals: one row says how many it stands for.
  const action: ListColumn<AuditRow> = {
    ...entry.action,
    cell: (row) => (
      <>
        {entry.action.cell(row)}
        {(row.count ?? 1) > 1 && (
          <span
            className="badge rounded-pill text-bg-light border ms-2"
            title={fill(words.repeated, { times: row.count! })}
          >
            ×{row.count}
            <span className="visually-hidden">{fill(words.repeated, { times: row.count! })}</span>
          </span>
        )}
      </>
    ),
  };
  const columns = [entry.at, admin, action, entry.target, entry.ip];

  const set = (name: 'admin_id' | 'area' | 'from' | 'to') => (value: string) =>
    setDraft({ ...draft, [name]: value });

  return (
    <div className="app-list">
      <form className="app-list-toolbar align-items-end" onSubmit={apply} aria-label={filters.filters}>
        <ListFilter
          id="audit-admin_id"
          label={filters.admin}
          allLabel={filters.allAdmins}
          value={draft.admin_id}
          options={admins.map((admin) => ({ value: String(admin.id), label: admin.name }))}
          onChange={set('admin_id')}
          showLabel
        />
        <ListFilter
          id="audit-area"
          label={filters.area}
          allLabel={filters.allAreas}
          value={draft.area}
          options={AUDIT_AREAS.map((area) => ({ value: area, label: labels.areas[area] }))}
          onChange={set('area')}
          showLabel
        />
        <FilterField
          id="audit-from"
          type="date"
          label={filters.from}
          value={draft.from}
          onChange={set('from')}
        />
        <FilterField id="audit-to" type="date" label={filters.to} value={draft.to} onChange={set('to')} />
        <ExportLink
          path="/api/admin/exportaudit"
          query={exportQuery}
          label={filters.export}
          className="ms-md-auto"
        />
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
