import { useRef, useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { describeFailure } from '../../lib/api-failure';
import { fill, type Labels } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { AdminRow } from '../../shared/admins/admin-input';
import { adminName, rejectAdmin } from './admins-api';
import type { AdminsPanelLabels, adminsRejectConfirmLabelKeys } from './admins-labels';

/** Rejecting a registered admin (Owners): asked first; the dialog shows the server's refusal if any. */
export function useRejectAction(
  words: Labels<typeof adminsRejectConfirmLabelKeys>,
  labels: Pick<AdminsPanelLabels, 'list' | 'confirm'>,
  onChanged: () => void,
) {
  const [asked, setAsked] = useState<AdminRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!asked) return;
    try {
      const { message } = await rejectAdmin(asked.id);
      showSnackbar({ message, severity: 'success' });
      setAsked(null);
      setError(null);
      onChanged();
    } catch (failure) {
      setError(describeFailure(failure, labels.list.unreachable).message);
      throw failure;
    }
  }

  // The words stay those of the last question while the dialog fades out.
  const last = useRef(asked);
  if (asked) last.current = asked;
  const values = { name: last.current ? adminName(last.current) : '' };
  const dialog: ConfirmDialogProps = {
    show: asked !== null,
    title: fill(words.title, values),
    message: fill(words.message, values),
    confirmLabel: words.reject,
    labels: labels.confirm,
    danger: true,
    error,
    onConfirm: confirm,
    onCancel: () => {
      setAsked(null);
      setError(null);
    },
  };
  return { dialog, ask: setAsked };
}
