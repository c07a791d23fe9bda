import { useRef, useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { NotificationRow } from '../../shared/notifications/notification-input';
import { cancelNotification, deleteNotification } from './notifications-api';
import type { NotificationsScreenLabels } from './notifications-labels';

type Asked = { action: 'cancel' | 'delete'; row: NotificationRow };

/**
 * Cancel (scheduled only) and delete, each behind the kit's confirmation. A failure stays in the
 * dialog for another try; success says so in a snackbar and reloads the list.
 */
export function useNotificationActions(
  labels: Pick<NotificationsScreenLabels, 'actions' | 'list' | 'confirm'>,
  changed: () => void,
) {
  const words = labels.actions;
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The words stay those of the last question while the dialog fades out.
  const shown = useRef(asked);
  if (asked) shown.current = asked;

  async function confirm() {
    if (!asked) return;
    const { action, row } = asked;
    try {
      await (action === 'cancel' ? cancelNotification(row.id) : deleteNotification(row.id));
      const done = action === 'cancel' ? words.cancelledDone : words.deletedDone;
      showSnackbar({ message: fill(done, { title: row.title }), severity: 'success' });
      setAsked(null);
      setError(null);
      changed();
    } catch (failure) {
      setError(describeFailure(failure, labels.list.unreachable).message);
      throw failure;
    }
  }

  const last = shown.current;
  const cancelling = last?.action === 'cancel';
  const dialog: ConfirmDialogProps = {
    show: asked !== null,
    title: cancelling ? words.cancelTitle : words.deleteTitle,
    message: fill(cancelling ? words.cancelMessage : words.deleteMessage, { title: last?.row.title ?? '' }),
    confirmLabel: cancelling ? words.cancelConfirm : words.deleteConfirm,
    keepLabel: cancelling ? words.keepScheduled : undefined,
    labels: labels.confirm,
    danger: true,
    error,
    onConfirm: confirm,
    onCancel() {
      setAsked(null);
      setError(null);
    },
  };
  return {
    askCancel: (row: NotificationRow) => setAsked({ action: 'cancel', row }),
    askDelete: (row: NotificationRow) => setAsked({ action: 'delete', row }),
    dialog,
  };
}
