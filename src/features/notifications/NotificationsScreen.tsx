import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import ListFilter from '../../components/ListFilter';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListFooter from '../../components/ListFooter';
import ListToolbar from '../../components/ListToolbar';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { showSnackbar } from '../../stores/snackbar';
import type { UserPick } from '../../shared/users/user-input';
import { EMPTY_PREFILL, type ComposerPrefill } from './composer-input';
import NotificationComposer from './NotificationComposer';
import NotificationEditForm from './NotificationEditForm';
import { NOTIFICATION_STATES, type NotificationRow } from '../../shared/notifications/notification-input';
import { notificationListSpec } from './notification-list-spec';
import { fetchNotifications } from './notifications-api';
import type { NotificationsScreenLabels } from './notifications-labels';
import { useNotificationActions } from './use-notification-actions';
import { clearPrefillParams, sentMessage } from './notifications-links';
import NotificationsTable from './NotificationsTable';
import type { NotificationGrants } from './notification-grants';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import './notifications.scss';

export interface NotificationsScreenProps extends ListScreenProps<
  NotificationRow,
  '-created',
  'state',
  NotificationsScreenLabels
> {
  /** Arriving from /users with a selection: the composer opens with it. */
  prefill: ComposerPrefill | null;
  prefillUsers: UserPick[];
  /** What the admin's role allows here; the rest is left out. */
  can: NotificationGrants;
  /** The history panel's words, for an admin who may read the audit trail (null: no panel). */
  history?: EntityHistoryLabels | null;
}

/** The /notifications screen: the list with search and state filter, the composer, edit, cancel, delete. */
export default function NotificationsScreen(props: NotificationsScreenProps) {
  const { labels, locale } = props;
  const words = labels.notifications;
  const list = useRemoteList({
    spec: notificationListSpec,
    initialState: props.initialState,
    initialResult: props.initialResult,
    load: fetchNotifications,
  });
  const dates = useDateOptions();
  // Each opening is a new message: a fresh composer (and a fresh Idempotency-Key).
  const [composer, setComposer] = useState({ open: false, round: 0 });
  // Handed users from /users: open once hydrated. The server cannot draw the composer as the
  // browser will (its time zone, a schedule an hour from now), so the first render matches it closed.
  const handedOver = props.prefill !== null && props.can.send;
  useEffect(() => {
    if (handedOver) setComposer((value) => ({ open: true, round: value.round }));
  }, [handedOver]);
  const [prefill, setPrefill] = useState(props.prefill ?? EMPTY_PREFILL);
  const [editing, setEditing] = useState<NotificationRow | null>(null);
  const [viewing, setViewing] = useState<NotificationRow | null>(null);
  const changed = () => void list.reload();
  const actions = useNotificationActions(labels, changed);

  function openComposer() {
    setComposer((value) => ({ open: true, round: value.round + 1 }));
  }

  function closeComposer() {
    setComposer((value) => ({ open: false, round: value.round }));
    // What /users handed over is used: a reload must not open the composer with it again.
    if (props.prefill) {
      clearPrefillParams();
      setPrefill(EMPTY_PREFILL);
    }
  }

  return (
    <div className="app-list">
      <ListToolbar
        searchId="notifications-search"
        searchLabel={words.search}
        search={list.searchText}
        onSearch={list.setSearch}
      >
        <ListFilter
          id="notifications-state"
          label={words.stateFilter}
          allLabel={words.allStates}
          value={list.state.filters.state}
          options={NOTIFICATION_STATES.map((state) => ({ value: state, label: labels.states[state] }))}
          onChange={(value) => list.setFilter('state', value)}
        />
        {props.can.send && (
          <button type="button" className="btn btn-primary" onClick={openComposer}>
            <IconPlus size={18} aria-hidden="true" />
            <span>{words.compose}</span>
          </button>
        )}
      </ListToolbar>
      <NotificationsTable
        rows={list.result.list}
        busy={list.loading}
        locale={locale}
        dates={dates}
        labels={labels}
        onView={setViewing}
        manage={
          props.can.send
            ? {
                onEdit: setEditing,
                onCancel: actions.askCancel,
                onDelete: actions.askDelete,
                broadcast: props.can.broadcast,
              }
            : undefined
        }
      />
      <ListFooter
        list={list}
        emptyText={labels.list.empty}
        emptyAction={props.can.send && { text: words.empty, label: words.compose, onClick: openComposer }}
        locale={locale}
        idPrefix="notifications"
        labels={labels.list}
      />
      <NotificationComposer
        key={composer.round}
        show={composer.open}
        prefill={prefill}
        prefillUsers={prefill === EMPTY_PREFILL ? [] : props.prefillUsers}
        broadcast={props.can.broadcast}
        locale={locale}
        labels={labels}
        onHide={closeComposer}
        onSent={(outcome) => {
          closeComposer();
          showSnackbar({ message: sentMessage(outcome, labels.sent, locale), severity: 'success' });
          changed();
        }}
      />
      <NotificationEditForm
        notification={editing}
        locale={locale}
        labels={labels}
        history={props.history ?? null}
        onHide={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          showSnackbar({ message: labels.sent.saved, severity: 'success' });
          changed();
        }}
      />
      <NotificationEditForm
        notification={viewing}
        locale={locale}
        labels={labels}
        history={props.history ?? null}
        readOnly
        onHide={() => setViewing(null)}
        onSaved={() => setViewing(null)}
      />
      <ConfirmDialog {...actions.dialog} />
    </div>
  );
}
