import { useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListFooter from '../../components/ListFooter';
import ListSelectionBar from '../../components/ListSelectionBar';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { useRowSelection } from '../../components/use-row-selection';
import { formatNumber, formatTotal } from '../../lib/format';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import BanDialog from './BanDialog';
import UserDetailPanel from './UserDetailPanel';
import UserForm from './UserForm';
import UsersBulkActions from './UsersBulkActions';
import UsersTable from './UsersTable';
import UsersToolbar from './UsersToolbar';
import type { UserRow, UserSort, UserStatus } from '../../shared/users/user-input';
import { userListSpec } from './user-list-spec';
import { fetchUsers } from './users-api';
import type { UsersScreenLabels } from './users-labels';
import { bulkStatusTarget, bulkTarget, useOpenParam } from './users-links';
import { useUserActions } from './use-user-actions';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import type { UserGrants } from './user-grants';
import type { UserPrivacy } from './UserDetailPanel';

export interface UsersScreenProps extends ListScreenProps<UserRow, UserSort, 'status', UsersScreenLabels> {
  /** `?open=<id>` on arrival. */
  openId: number | null;
  /** What the admin's role allows here; the rest is left out. */
  can: UserGrants;
  /** The history panel's words, for an admin who may read the audit trail (null: no panel). */
  history?: EntityHistoryLabels | null;
  /** The privacy panel (export, erasure), for an admin holding `users.privacy` (null: none). */
  privacy?: UserPrivacy | null;
}

/** The /users screen: the list, its toolbar and bulk bar, and the dialogs and panel it opens. */
export default function UsersScreen({
  initialState,
  initialResult,
  openId,
  locale,
  labels,
  can,
  history = null,
  privacy = null,
}: UsersScreenProps) {
  const words = labels.users;
  const list = useRemoteList({ spec: userListSpec, initialState, initialResult, load: fetchUsers });
  const { state, result } = list;
  const selection = useRowSelection(
    result.list.map((user) => user.id),
    JSON.stringify([state.search, state.filters]),
  );
  const [editing, setEditing] = useState<UserRow | null | 'new'>(null);
  const [detail, setDetail] = useOpenParam(openId);
  const [version, setVersion] = useState(0);
  const dates = useDateOptions();
  // After any write: fresh rows, and fresh figures in the detail panel.
  const changed = () => {
    void list.reload();
    setVersion((value) => value + 1);
  };
  const status = useUserActions(labels, locale, () => {
    selection.clear();
    changed();
  });
  // Every row seen keeps its last known status: picks stay across pages, and the bar offers only
  // what applies to them.
  const statuses = useRef(new Map<number, UserStatus>()).current;
  for (const user of result.list) statuses.set(user.id, user.status);

  const target = bulkTarget(selection.allMatching, selection.selected, state);
  const bulkAction = (to: UserStatus) => {
    if (!can.block) return undefined;
    const changes = bulkStatusTarget(selection.allMatching, selection.selected, statuses, state, to);
    if (!changes) return undefined;
    // Picked rows are counted here; "all matching" with a status filter is the list's total;
    // without one, the hook counts those of the other status first.
    const count =
      'ids' in changes
        ? { total: changes.ids.length, capped: false }
        : state.filters.status
          ? { total: result.total, capped: result.capped === true }
          : null;
    return () => status.askBulk(changes, count, to);
  };
  const exported = selection.allMatching ? [] : [...selection.selected];
  // Writing to everyone matching is a broadcast; to chosen users, a send.
  const mayNotify = selection.allMatching ? can.broadcast : can.notify;
  const selectable = can.block || can.notify;
  const add = can.edit ? () => setEditing('new') : undefined;

  return (
    <div className="app-list">
      <UsersToolbar
        searchText={list.searchText}
        onSearch={list.setSearch}
        status={state.filters.status}
        onStatus={(value) => list.setFilter('status', value)}
        search={state.search}
        sort={state.sort}
        labels={words}
        onAdd={add}
        canExport={can.export}
        exportIds={exported}
        exportLabel={
          exported.length > 0
            ? fill(labels.list.exportSelected, { number: formatNumber(exported.length, locale) })
            : fill(labels.list.exportAll, { total: formatTotal(result.total, locale, result.capped) })
        }
        exportNone={exported.length === 0 && result.total === 0 ? labels.list.exportNone : undefined}
      />
      <ListSelectionBar
        selection={selection}
        total={result.total}
        capped={result.capped}
        count={result.list.length}
        locale={locale}
        labels={labels.list}
      >
        <UsersBulkActions
          target={target}
          labels={words}
          onBlock={bulkAction('blocked')}
          onUnblock={bulkAction('active')}
          notify={mayNotify}
        />
      </ListSelectionBar>
      <UsersTable
        rows={result.list}
        sort={state.sort}
        onSort={(sort) => list.setSort(sort as UserSort)}
        busy={list.loading}
        selection={selectable ? selection : undefined}
        locale={locale}
        dates={dates}
        labels={words}
        listLabels={labels.list}
        onEdit={can.edit ? setEditing : undefined}
        onToggleStatus={can.block ? status.askOne : undefined}
        onDetails={(user) => setDetail(user.id)}
      />
      <ListFooter
        list={list}
        // "Add the first one" only for a role that can.
        emptyText={labels.list.empty}
        emptyAction={add && { text: words.empty, label: words.add, onClick: add }}
        locale={locale}
        idPrefix="users"
        labels={labels.list}
      />
      <UserForm
        show={editing !== null}
        user={editing === 'new' ? null : editing}
        labels={labels}
        onHide={() => setEditing(null)}
        onSaved={({ message }) => {
          setEditing(null);
          showSnackbar({ message, severity: 'success' });
          changed();
        }}
      />
      <ConfirmDialog {...status.dialog} />
      <BanDialog {...status.banDialog} />
      <UserDetailPanel
        userId={detail}
        version={version}
        locale={locale}
        labels={words}
        listLabels={labels.list}
        history={history}
        privacy={privacy}
        onHide={() => setDetail(null)}
      />
    </div>
  );
}
