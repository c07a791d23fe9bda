import { useRef, useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { fill, type Labels } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { AdminRow } from '../../shared/admins/admin-input';
import { adminName, changeAdminStatus, inviteAdmin } from './admins-api';
import type { AdminsPanelLabels, adminsStatusConfirmLabelKeys } from './admins-labels';

interface Pending {
  admin: AdminRow;
  to: 'active' | 'disabled';
}

/**
 * Disable / re-enable (asked first, in a dialog that shows the server's refusal if any) and
 * "Resend invitation" (done at once: it only replaces the older link).
 */
export function useAdminActions(
  words: Labels<typeof adminsStatusConfirmLabelKeys>,
  labels: Pick<AdminsPanelLabels, 'list' | 'confirm'>,
  onChanged: () => void,
) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState<ReadonlySet<number>>(new Set());
  const failed = (failure: unknown) => describeFailure(failure, labels.list.unreachable).message;

  async function confirm() {
    if (!pending) return;
    try {
      const { message } = await changeAdminStatus(pending.admin.id, pending.to);
      showSnackbar({ message, severity: 'success' });
      setPending(null);
      setError(null);
      onChanged();
    } catch (failure) {
      setError(failed(failure));
      throw failure;
    }
  }

  async function resend(admin: AdminRow) {
    if (resending.has(admin.id)) return;
    setResending((ids) => new Set(ids).add(admin.id));
    try {
      const { message } = await inviteAdmin({
        first_name: admin.first_name,
        last_name: admin.last_name,
        email: admin.email,
        // A fresh link keeps the role the invitation was made with.
        role: admin.role,
      });
      showSnackbar({ message, severity: 'success' });
    } catch (failure) {
      showSnackbar({ message: failed(failure), variant: 'alert', severity: 'error' });
    } finally {
      setResending((ids) => {
        const next = new Set(ids);
        next.delete(admin.id);
        return next;
      });
      onChanged();
    }
  }

  // The words stay those of the last question while the dialog fades out.
  const last = useRef(pending);
  if (pending) last.current = pending;
  const shown = last.current;
  const disabling = shown?.to === 'disabled';
  const values = { name: shown ? adminName(shown.admin) : '' };
  const dialog: ConfirmDialogProps = {
    show: pending !== null,
    title: fill(disabling ? words.disableTitle : words.enableTitle, values),
    message: fill(disabling ? words.disableMessage : words.enableMessage, values),
    confirmLabel: disabling ? words.disable : words.enable,
    labels: labels.confirm,
    danger: disabling,
    error,
    onConfirm: confirm,
    onCancel: () => {
      setPending(null);
      setError(null);
    },
  };

  return {
    dialog,
    resending,
    ask: (admin: AdminRow, to: 'active' | 'disabled') => setPending({ admin, to }),
    resend,
  };
}
