import {
  IconCircleCheck,
  IconHistory,
  IconKeyOff,
  IconMailForward,
  IconUserCheck,
  IconUserOff,
  IconUserShield,
  IconUserX,
} from '@tabler/icons-react';
import CellText from '../../components/CellText';
import EmailAddress from '../../components/EmailAddress';
import RelativeTime from '../../components/RelativeTime';
import RowActionButton from '../../components/RowActionButton';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import type { ListLabels } from '../../components/list-labels';
import type { Locale } from '../../i18n/locales';
import { formatDateTime, type DateFormatOptions } from '../../lib/format';
import { fill, type Labels } from '../../lib/labels';
import AdminsStatusBadge from './AdminsStatusBadge';
import { mayChange, type AdminsAccess } from '../../shared/admins/admin-access';
import type { AdminRow, AdminStatus } from '../../shared/admins/admin-input';
import { adminName } from './admins-api';
import type { AdminsActionLabels, adminsTableLabelKeys } from './admins-labels';

interface AdminsTableProps {
  rows: readonly AdminRow[];
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: Labels<typeof adminsTableLabelKeys>;
  actionLabels: AdminsActionLabels;
  statusLabels: Record<AdminStatus, string>;
  listLabels: ListLabels;
  access: AdminsAccess;
  /** Ids with a resend under way: their button waits. */
  resending: ReadonlySet<number>;
  onStatus: (admin: AdminRow, to: 'active' | 'disabled') => void;
  onResend: (admin: AdminRow) => void;
  onRole: (admin: AdminRow) => void;
  /** A registered admin waiting for approval: an Owner approves them with a role, or rejects them. */
  onApprove: (admin: AdminRow) => void;
  onReject: (admin: AdminRow) => void;
  /** Owners: removes the admin's second factors (after a confirmation). */
  onResetMfa: (admin: AdminRow) => void;
  /** Opens the admin's history from the audit trail; absent for a role without `audit.view`. */
  onHistory?: (admin: AdminRow) => void;
}

export default function AdminsTable(props: AdminsTableProps) {
  const { labels, actionLabels, locale, dates } = props;
  const when = (value: string) => formatDateTime(value, locale, dates);

  function nameCell(admin: AdminRow) {
    return (
      <>
        <div className="d-flex align-items-center gap-2">
          <CellText text={adminName(admin)} className="fw-medium" />
          {admin.is_self && (
            <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis">{labels.you}</span>
          )}
        </div>
        {admin.invited_by && (
          <CellText
            text={fill(labels.invitedBy, { name: admin.invited_by })}
            className="small text-body-secondary fw-normal"
          />
        )}
      </>
    );
  }

  function statusCell(admin: AdminRow) {
    const expires = admin.invite_expires_at;
    const link =
      admin.status !== 'invited'
        ? null
        : !expires
          ? labels.noLink
          : Date.parse(expires) > Date.now()
            ? fill(labels.linkExpires, { date: when(expires) })
            : labels.linkExpired;
    // A registration waits from the day it was made: an Owner sees how long.
    const note =
      admin.status === 'pending' ? fill(labels.registered, { date: when(admin.created_at) }) : link;
    return (
      <>
        <AdminsStatusBadge status={admin.status} labels={props.statusLabels} />
        {note && <div className="small text-body-secondary">{note}</div>}
        {admin.status !== 'invited' && admin.status !== 'pending' && (
          <div className="small text-body-secondary" data-admin-mfa>
            {admin.mfa.length
              ? admin.mfa.map((kind) => (kind === 'passkey' ? labels.mfaPasskey : labels.mfaTotp)).join(' · ')
              : labels.mfaNone}
          </div>
        )}
      </>
    );
  }

  function actions(admin: AdminRow) {
    const name = adminName(admin);
    const button = (label: string, icon: typeof IconUserOff, onClick: () => void, disabled = false) => (
      <RowActionButton label={label} icon={icon} onClick={onClick} disabled={disabled} />
    );
    // What was done to this admin (invited, role changed, disabled), for a role that reads the trail.
    const onHistory = props.onHistory;
    const history =
      onHistory && button(fill(actionLabels.history, { name }), IconHistory, () => onHistory(admin));
    // Only an Owner decides on a registration; nothing else is done to an account still waiting.
    // The main action first (it stays in view), the history last (in the "⋯" menu).
    if (admin.status === 'pending') {
      return rowActions(
        props.access.owner &&
          button(fill(actionLabels.approve, { name }), IconUserCheck, () => props.onApprove(admin)),
        props.access.owner &&
          button(fill(actionLabels.reject, { name }), IconUserX, () => props.onReject(admin)),
        history,
      );
    }
    // An Owner helps an admin who lost every factor (the server checks it is an Owner again).
    const resetMfa =
      props.access.owner &&
      !admin.is_self &&
      admin.mfa.length > 0 &&
      button(fill(actionLabels.resetMfa, { name }), IconKeyOff, () => props.onResetMfa(admin));
    if (!mayChange(props.access, admin)) return rowActions(history, resetMfa);
    return rowActions(
      button(fill(actionLabels.changeRole, { name }), IconUserShield, () => props.onRole(admin)),
      admin.status === 'invited' &&
        button(
          fill(actionLabels.resend, { name }),
          IconMailForward,
          () => props.onResend(admin),
          props.resending.has(admin.id),
        ),
      // No way to disable yourself here; the server refuses it too.
      admin.status !== 'disabled' &&
        !admin.is_self &&
        button(fill(actionLabels.disable, { name }), IconUserOff, () => props.onStatus(admin, 'disabled')),
      admin.status === 'disabled' &&
        button(fill(actionLabels.enable, { name }), IconCircleCheck, () => props.onStatus(admin, 'active')),
      resetMfa,
      history,
    );
  }

  const columns: ListColumn<AdminRow>[] = [
    { key: 'name', header: labels.name, rowHeader: true, cell: nameCell, ellipsis: true },
    {
      key: 'email',
      header: labels.email,
      cell: (admin) => <EmailAddress address={admin.email} />,
      ellipsis: true,
    },
    {
      key: 'role',
      header: labels.role,
      // A registered admin holds nothing until an Owner approves them with a role.
      cell: (admin) =>
        admin.status === 'pending' ? (
          <span className="text-body-secondary">{labels.noRoleYet}</span>
        ) : (
          (props.access.roleNames[admin.role] ?? admin.role_name)
        ),
    },
    { key: 'status', header: labels.status, cell: statusCell, fit: true },
    {
      key: 'last_seen',
      header: labels.lastSeen,
      cell: (admin) =>
        admin.last_seen_at ? (
          <RelativeTime value={admin.last_seen_at} locale={locale} dates={dates} />
        ) : (
          labels.never
        ),
      fit: true,
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: actions,
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
      sort="name"
      onSort={() => {}}
      busy={props.busy}
      labels={props.listLabels}
      rowName={adminName}
      onOpen={props.onHistory}
    />
  );
}
