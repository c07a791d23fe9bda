import { IconKeyOff } from '@tabler/icons-react';
import CellText from '../../components/CellText';
import RelativeTime from '../../components/RelativeTime';
import StatusBadge from '../../components/StatusBadge';
import RowActionButton from '../../components/RowActionButton';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import type { ListLabels } from '../../components/list-labels';
import type { Locale } from '../../i18n/locales';
import { formatDate, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { ApiKeyRow } from '../../shared/api-keys/api-key-input';
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
          <CellText text={key.name} className="fw-medium" />
          <div className="small text-body-secondary">
            {/* Every permission named one by one made the row a column of words at 1024 px. */}
            {key.scopes.length === Object.keys(props.scopeLabels).length
              ? labels.scopesAll
              : fill(labels.scopesOf, {
                  scopes: key.scopes.map((scope) => props.scopeLabels[scope]).join(', '),
                })}
          </div>
        </>
      ),
      ellipsis: true,
    },
    {
      key: 'prefix',
      header: labels.prefix,
      // The prefix only: the rest of the key was shown once and is kept nowhere.
      cell: (key) => <code dir="ltr">{`${key.prefix}…`}</code>,
      fit: true,
    },
    {
      key: 'creator',
      header: labels.creator,
      cell: (key) => key.created_by ?? labels.formerAdmin,
      ellipsis: true,
    },
    {
      key: 'created',
      header: labels.created,
      cell: (key) => formatDate(key.created_at, locale, dates),
      fit: true,
    },
    {
      key: 'last_used',
      header: labels.lastUsed,
      cell: (key) =>
        key.last_used_at ? (
          <RelativeTime value={key.last_used_at} locale={locale} dates={dates} />
        ) : (
          labels.never
        ),
      fit: true,
    },
    {
      key: 'state',
      header: labels.state,
      cell: (key) =>
        key.revoked_at ? (
          <>
            <StatusBadge tone="danger" label={labels.revoked} />
            <div className="small text-body-secondary">{formatDate(key.revoked_at, locale, dates)}</div>
          </>
        ) : (
          <StatusBadge tone="success" label={labels.active} />
        ),
      fit: true,
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (key) =>
        rowActions(
          !key.revoked_at && props.onRevoke && (
            <RowActionButton
              label={fill(labels.revokeKey, { name: key.name })}
              title={labels.revoke}
              icon={IconKeyOff}
              onClick={() => props.onRevoke?.(key)}
            />
          ),
        ),
      className: 'text-end',
      fit: true,
      dropWhenEmpty: true,
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
