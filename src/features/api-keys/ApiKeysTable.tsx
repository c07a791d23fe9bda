import { IconKeyOff } from '@tabler/icons-react';
import ListTable, { type ListColumn } from '../../components/ListTable';
import type { ListLabels } from '../../components/list-labels';
import type { Locale } from '../../i18n/locales';
import { formatDate, formatDateTime, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { ApiKeyRow } from './api-key-input';
import type { ApiKeyLabels, ApiKeysPanelLabels } from './api-keys-labels';

interface ApiKeysTableProps {
  rows: readonly ApiKeyRow[];
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: ApiKeyLabels;
  scopeLabels: ApiKeysPanelLabels['scopes'];
  listLabels: ListLabels;
  /** Left out when the admin may not revoke keys. */
  onRevoke?: (key: ApiKeyRow) => void;
}

/** The keys, live first; a revoked key stays listed with the day it was revoked, and no action. */
export default function ApiKeysTable({ labels, locale, dates, ...props }: ApiKeysTableProps) {
  const columns: ListColumn<ApiKeyRow>[] = [
    {
      key: 'name',
      header: labels.name,
      rowHeader: true,
      cell: (key) => (
        <>
          <span className="fw-medium">{key.name}</span>
          <div className="small text-body-secondary">
            {fill(labels.scopesOf, {
              scopes: key.scopes.map((scope) => props.scopeLabels[scope]).join(', '),
            })}
          </div>
        </>
      ),
    },
    {
      key: 'prefix',
      header: labels.prefix,
      // The prefix only: the rest of the key was shown once and is kept nowhere.
      cell: (key) => <code dir="ltr">{`${key.prefix}…`}</code>,
      className: 'text-nowrap',
    },
    { key: 'creator', header: labels.creator, cell: (key) => key.created_by ?? labels.formerAdmin },
    { key: 'created', header: labels.created, cell: (key) => formatDate(key.created_at, locale, dates) },
    {
      key: 'last_used',
      header: labels.lastUsed,
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at, locale, dates) : labels.never),
    },
    {
      key: 'state',
      header: labels.state,
      cell: (key) =>
        key.revoked_at ? (
          <>
            <span className="badge rounded-pill app-status-blocked">{labels.revoked}</span>
            <div className="small text-body-secondary">{formatDate(key.revoked_at, locale, dates)}</div>
          </>
        ) : (
          <span className="badge rounded-pill app-status-active">{labels.active}</span>
        ),
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (key) =>
        key.revoked_at || !props.onRevoke ? null : (
          <button
            type="button"
            className="btn btn-sm app-icon-btn"
            aria-label={fill(labels.revokeKey, { name: key.name })}
            title={labels.revoke}
            onClick={() => props.onRevoke?.(key)}
          >
            <IconKeyOff size={18} aria-hidden="true" />
          </button>
        ),
      className: 'text-end',
    },
  ];
  return (
    <ListTable
      caption={labels.caption}
      columns={columns}
      rows={props.rows}
      sort="-created"
      onSort={() => {}}
      busy={props.busy}
      labels={props.listLabels}
    />
  );
}
