import { IconPlus } from '@tabler/icons-react';
import ExportLink from '../../components/ExportLink';
import ListFilter from '../../components/ListFilter';
import ListSearch from '../../components/ListSearch';
import { USER_STATUSES } from '../../shared/users/user-input';
import type { UserLabels } from './users-labels';

interface UsersToolbarProps {
  searchText: string;
  onSearch: (text: string) => void;
  status: string;
  onStatus: (status: string) => void;
  /** The applied search and sort, so the export holds what the list shows. */
  search: string;
  sort: string;
  labels: UserLabels;
  /** Left out when the admin may not add users. */
  onAdd?: () => void;
  canExport: boolean;
  /** The selected rows: the export holds only these; empty, everything the filter matches. */
  exportIds: readonly number[];
  /** Says which: "Export 3 selected" or "Export all matching (120)". */
  exportLabel: string;
  /** Set when nothing matches: the export is off and this says why. */
  exportNone?: string;
}

/** Search, the status filter, Add, and an Export link that carries the selection or the current filter. */
export default function UsersToolbar(props: UsersToolbarProps) {
  const { labels } = props;
  const exportQuery = new URLSearchParams();
  if (props.search) exportQuery.set('search', props.search);
  if (props.status) exportQuery.set('status', props.status);
  exportQuery.set('sort', props.sort);
  return (
    <div className="app-list-toolbar">
      <ListSearch
        id="users-search"
        label={labels.search}
        value={props.searchText}
        onChange={props.onSearch}
      />
      <div className="d-flex align-items-center gap-2">
        <ListFilter
          id="users-status"
          label={labels.statusFilter}
          allLabel={labels.all}
          value={props.status}
          options={USER_STATUSES.map((status) => ({ value: status, label: labels[status] }))}
          onChange={props.onStatus}
        />
      </div>
      <div className="d-flex flex-wrap gap-2 ms-md-auto">
        {props.canExport && (
          <ExportLink
            path="/api/admin/exportusers"
            query={exportQuery}
            ids={props.exportIds}
            label={props.exportLabel}
            nothing={props.exportNone}
          />
        )}
        {props.onAdd && (
          <button type="button" className="btn btn-primary" onClick={props.onAdd}>
            <IconPlus size={18} aria-hidden="true" />
            <span>{labels.add}</span>
          </button>
        )}
      </div>
    </div>
  );
}
