import { useRef, useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { showSnackbar } from '../../stores/snackbar';
import { fill } from '../../lib/labels';
import type { UserRow, UserStatus } from './user-input';
import { userName } from './user-list-spec';
import { bulkChangeStatus, changeStatus, type BulkTarget } from './users-api';
import type { UsersScreenLabels } from './users-labels';

type Pending =
  | { kind: 'one'; user: UserRow; status: UserStatus }
  | { kind: 'bulk'; target: BulkTarget; count: string; status: UserStatus };

/**
 * Block / unblock, one user or many: ask (with an optional reason), write at once, then offer Undo
 * for a single user. Undo is a real write back to the previous status, never a delayed save.
 */
export function useUserActions(labels: UsersScreenLabels, onChanged: () => void) {
  const words = labels.users;
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => describeFailure(failure, labels.list.unreachable).message;

  async function undo(user: UserRow) {
    try {
      await changeStatus(user.id, user.status);
      showSnackbar({ message: words.undone, severity: 'info' });
    } catch (failure) {
      showSnackbar({ message: failed(failure), variant: 'alert', severity: 'error' });
    }
    onChanged();
  }

  async function confirm(reason: string | undefined) {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        const { user, status } = pending;
        await changeStatus(user.id, status, reason);
        const done = status === 'blocked' ? words.blockedDone : words.unblockedDone;
        showSnackbar({
          message: fill(done, { name: userName(user) }),
          severity: 'success',
          action: { label: words.undo, onClick: () => void undo(user) },
        });
      } else {
        const { message } = await bulkChangeStatus(pending.target, pending.status, reason);
        showSnackbar({ message, severity: 'success' });
      }
      setPending(null);
      setError(null);
      onChanged();
    } catch (failure) {
      setError(failed(failure));
      throw failure;
    }
  }

  // The words stay those of the last question while the dialog fades out.
  const last = useRef(pending);
  if (pending) last.current = pending;
  const shown = last.current;
  const bulk = shown?.kind === 'bulk' ? shown : null;
  const one = shown?.kind === 'one' ? shown : null;
  const blocking = shown?.status === 'blocked';
  const values = { name: one ? userName(one.user) : '', count: bulk?.count ?? '' };
  const title = one
    ? blocking
      ? words.blockTitle
      : words.unblockTitle
    : blocking
      ? words.bulkBlockTitle
      : words.bulkUnblockTitle;
  const message = one
    ? blocking
      ? words.blockMessage
      : words.unblockMessage
    : blocking
      ? words.bulkBlockMessage
      : words.bulkUnblockMessage;

  const dialog: ConfirmDialogProps = {
    show: pending !== null,
    title: fill(title, values),
    message: fill(message, values),
    confirmLabel: blocking ? words.block : words.unblock,
    labels: labels.confirm,
    withReason: true,
    danger: blocking,
    error,
    onConfirm: confirm,
    onCancel: () => {
      setPending(null);
      setError(null);
    },
  };

  return {
    dialog,
    /** Asks to flip one user's status. */
    askOne: (user: UserRow) =>
      setPending({ kind: 'one', user, status: user.status === 'blocked' ? 'active' : 'blocked' }),
    /** Asks to set many users' status; `count` is already formatted for the page's language. */
    askBulk: (target: BulkTarget, count: string, status: UserStatus) =>
      setPending({ kind: 'bulk', target, count, status }),
  };
}
