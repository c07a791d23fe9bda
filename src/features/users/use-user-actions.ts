import { useRef, useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { showSnackbar } from '../../stores/snackbar';
import type { Locale } from '../../i18n/locales';
import { formatTotal } from '../../lib/format';
import { fill, plural } from '../../lib/labels';
import type { UserRow, UserStatus } from '../../shared/users/user-input';
import { userName } from './user-list-spec';
import type { BanDialogProps } from './BanDialog';
import { banUser, bulkChangeStatus, changeStatus, countUsers, type BulkTarget } from './users-api';
import type { UsersScreenLabels } from './users-labels';

type Pending =
  | { kind: 'one'; user: UserRow; status: UserStatus }
  | { kind: 'bulk'; target: BulkTarget; count: BulkCount; status: UserStatus };

/** How many a bulk change touches: the words pick their plural form from `total`. */
export interface BulkCount {
  total: number;
  /** The count stopped at the cap: "10,000+". */
  capped: boolean;
}

const other = (status: UserStatus): UserStatus => (status === 'blocked' ? 'active' : 'blocked');

/**
 * Ban / unblock, one user or many: ask (a ban's reason and length, an unblock's optional reason),
 * write at once, then offer Undo.
 * Undo is a real write back to the previous status, never a delayed save: for many, one bulk write
 * of exactly the users the change touched (the server names them).
 */
export function useUserActions(labels: UsersScreenLabels, locale: Locale, onChanged: () => void) {
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

  async function undoBulk(ids: number[], previous: UserStatus) {
    try {
      await bulkChangeStatus({ ids }, previous);
      showSnackbar({ message: words.undone, severity: 'info' });
    } catch (failure) {
      showSnackbar({ message: failed(failure), variant: 'alert', severity: 'error' });
    }
    onChanged();
  }

  /** Everyone matching, with no status filter: how many the change would touch is asked first. */
  async function askMatching(target: BulkTarget, status: UserStatus) {
    if (!('match' in target)) return;
    try {
      const { total, capped } = await countUsers(target.match);
      if (total === 0) showSnackbar({ message: words.bulkNothing, severity: 'info' });
      else setPending({ kind: 'bulk', target, count: { total, capped }, status });
    } catch (failure) {
      showSnackbar({ message: failed(failure), variant: 'alert', severity: 'error' });
    }
  }

  async function confirm(reason: string | undefined, until: string | null = null) {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        const { user, status } = pending;
        if (status === 'blocked') await banUser(user.id, reason ?? '', until);
        else await changeStatus(user.id, status, reason);
        const done = status === 'blocked' ? words.blockedDone : words.unblockedDone;
        showSnackbar({
          message: fill(done, { name: userName(user) }),
          severity: 'success',
          action: { label: words.undo, onClick: () => void undo(user) },
        });
      } else {
        const { message, ids } = await bulkChangeStatus(pending.target, pending.status, reason, until);
        const previous = other(pending.status);
        showSnackbar({
          message,
          severity: 'success',
          action: ids?.length
            ? { label: words.undo, onClick: () => void undoBulk(ids, previous) }
            : undefined,
        });
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
  const values = {
    name: one ? userName(one.user) : '',
    count: bulk ? formatTotal(bulk.count.total, locale, bulk.count.capped) : '',
  };
  const title = one
    ? fill(blocking ? words.blockTitle : words.unblockTitle, values)
    : plural(blocking ? words.bulkBlockTitle : words.bulkUnblockTitle, bulk?.count.total ?? 0, values);
  const message = one
    ? blocking
      ? words.blockMessage
      : words.unblockMessage
    : blocking
      ? words.bulkBlockMessage
      : words.bulkUnblockMessage;

  const dialog: ConfirmDialogProps = {
    show: pending !== null && pending.status !== 'blocked',
    title,
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

  // A ban asks for its reason and length (1 hour to 30 days, permanent, or a date).
  const banDialog: BanDialogProps = {
    show: pending !== null && pending.status === 'blocked',
    title: one ? fill(labels.ban.title, values) : title,
    message: one ? undefined : fill(message, values),
    locale,
    labels: labels.ban,
    error,
    onConfirm: ({ reason, until }) => confirm(reason, until),
    onCancel: dialog.onCancel,
  };

  return {
    dialog,
    banDialog,
    /** Asks to flip one user's status. */
    askOne: (user: UserRow) => setPending({ kind: 'one', user, status: other(user.status) }),
    /**
     * Asks to set many users' status; `count` is how many it changes, or null to count the
     * target's matches first.
     */
    askBulk: (target: BulkTarget, count: BulkCount | null, status: UserStatus) => {
      if (count === null) void askMatching(target, status);
      else setPending({ kind: 'bulk', target, count, status });
    },
  };
}
