import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListFooter from '../../components/ListFooter';
import ListToolbar from '../../components/ListToolbar';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { showSnackbar } from '../../stores/snackbar';
import { api } from '../../lib/api-client';
import { describeFailure } from '../../lib/api-failure';
import { fill } from '../../lib/labels';
import EntityHistoryDialog from '../audit/EntityHistoryDialog';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import AdminsInviteForm from './AdminsInviteForm';
import AdminsRoleForm from './AdminsRoleForm';
import type { AdminsAccess } from '../../shared/admins/admin-access';
import AdminsTable from './AdminsTable';
import type { AdminRow } from '../../shared/admins/admin-input';
import { adminListSpec } from './admin-list-spec';
import { adminName, fetchAdmins } from './admins-api';
import type { AdminsPanelLabels } from './admins-labels';
import { useAdminActions } from './use-admin-actions';
import { useRejectAction } from './use-reject-action';
import { auditTarget } from '../../shared/audit/vocabulary';

export interface AdminsPanelProps extends ListScreenProps<AdminRow, 'name', never, AdminsPanelLabels> {
  access: AdminsAccess;
  /** The history dialog's words, for an admin who may read the audit trail (null: no history). */
  history?: EntityHistoryLabels | null;
}

/**
 * Account settings → Administrators: the list with each admin's role, "Invite administrator",
 * change role, disable / re-enable, resend, and (Owners) approve or reject a registration; the
 * actions only for an admin who may take them.
 */
export default function AdminsPanel({
  initialState,
  initialResult,
  locale,
  labels,
  access,
  history = null,
}: AdminsPanelProps) {
  const words = labels.admins;
  const list = useRemoteList({ spec: adminListSpec, initialState, initialResult, load: fetchAdmins });
  const { result } = list;
  const [inviting, setInviting] = useState(false);
  const [roleOf, setRoleOf] = useState<AdminRow | null>(null);
  // The role dialog also approves a registration; the flag outlasts the close, for the fade-out.
  const [approving, setApproving] = useState(false);
  const [historyOf, setHistoryOf] = useState<AdminRow | null>(null);
  const [resetOf, setResetOf] = useState<AdminRow | null>(null);
  const [resetError, setResetError] = useState<string | null>(null);
  const dates = useDateOptions();
  const changed = () => void list.reload();
  const actions = useAdminActions(labels.statusConfirm, labels, changed);
  const rejection = useRejectAction(labels.rejectConfirm, labels, changed);

  return (
    <div className="app-list">
      <ListToolbar
        searchId="admins-search"
        searchLabel={words.search}
        search={list.searchText}
        onSearch={list.setSearch}
      >
        {access.manage && (
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            <IconUserPlus size={18} aria-hidden="true" />
            <span>{words.invite}</span>
          </button>
        )}
      </ListToolbar>
      <AdminsTable
        rows={result.list}
        busy={list.loading}
        locale={locale}
        dates={dates}
        labels={labels.table}
        actionLabels={words}
        statusLabels={labels.status}
        listLabels={labels.list}
        access={access}
        onRole={(admin) => {
          setApproving(false);
          setRoleOf(admin);
        }}
        onApprove={(admin) => {
          setApproving(true);
          setRoleOf(admin);
        }}
        onReject={rejection.ask}
        onResetMfa={(admin) => {
          setResetError(null);
          setResetOf(admin);
        }}
        onHistory={history ? setHistoryOf : undefined}
        resending={actions.resending}
        onStatus={actions.ask}
        onResend={(admin) => void actions.resend(admin)}
      />
      <ListFooter list={list} locale={locale} idPrefix="admins" labels={labels.list} />
      <AdminsInviteForm
        show={inviting}
        labels={labels.invite}
        formLabels={labels.form}
        validation={labels.validation}
        access={access}
        onHide={() => setInviting(false)}
        onSent={({ message }) => {
          setInviting(false);
          showSnackbar({ message, severity: 'success' });
          changed();
        }}
      />
      <AdminsRoleForm
        admin={roleOf}
        approving={approving}
        access={access}
        labels={labels.role}
        formLabels={labels.form}
        validation={labels.validation}
        onHide={() => setRoleOf(null)}
        onSaved={({ message }) => {
          setRoleOf(null);
          showSnackbar({ message, severity: 'success' });
          changed();
        }}
      />
      {history && (
        <EntityHistoryDialog
          target={historyOf && auditTarget('admins', historyOf.id)}
          title={historyOf ? fill(words.history, { name: adminName(historyOf) }) : ''}
          locale={locale}
          labels={history}
          onHide={() => setHistoryOf(null)}
        />
      )}
      <ConfirmDialog {...actions.dialog} />
      <ConfirmDialog {...rejection.dialog} />
      <ConfirmDialog
        show={resetOf !== null}
        title={labels.mfaReset.title}
        message={resetOf ? fill(labels.mfaReset.message, { name: adminName(resetOf) }) : ''}
        confirmLabel={labels.mfaReset.reset}
        labels={labels.confirm}
        danger
        error={resetError}
        onCancel={() => setResetOf(null)}
        onConfirm={async () => {
          try {
            const answer = await api('/api/admin/resetadminmfa', { json: { id: resetOf!.id } });
            setResetOf(null);
            showSnackbar({ message: answer.ResponseMessage, severity: 'success' });
            changed();
          } catch (failure) {
            setResetError(describeFailure(failure, labels.list.unreachable).message);
            throw failure;
          }
        }}
      />
    </div>
  );
}
