import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useDateOptions } from '../../components/use-date-options';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import { describeFailure } from '../../lib/api-failure';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { ErasureState } from '../../shared/privacy/privacy-input';
import { cancelErasure, exportHref, fetchErasure, scheduleErasure } from './privacy-api';
import type { PrivacyPanelLabels } from './privacy-labels';

export interface UserPrivacyPanelProps {
  userId: number;
  /** ERASURE_DELAY in milliseconds: the confirmation says when the erasure would happen. */
  erasureDelayMs: number;
  locale: Locale;
  labels: PrivacyPanelLabels;
}

/**
 * One player's privacy, for admins holding `users.privacy`: export everything (a JSON download),
 * schedule an erasure after a confirmation, and while it waits, its date and Cancel. Self-contained:
 * it reads the erasure's state itself, so any screen showing a player can mount it.
 */
export default function UserPrivacyPanel({ userId, erasureDelayMs, locale, labels }: UserPrivacyPanelProps) {
  const words = labels.privacy;
  const id = useId();
  const dates = useDateOptions();
  const state = useLatestRequest<ErasureState | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { run, setData } = state;
  useEffect(() => {
    void run((signal) => fetchErasure(userId, signal));
  }, [userId, run]);

  const shown = state.data?.user_id === userId ? state.data : null;
  const when = (value: string | number) => formatDateTime(value, locale, dates);
  const due = shown?.scheduled_for ? new Date(shown.scheduled_for).getTime() <= Date.now() : false;

  async function act(change: typeof scheduleErasure) {
    const { state: next, message } = await change(userId);
    setData(next);
    showSnackbar({ message, severity: 'success' });
  }

  async function confirmErase() {
    try {
      await act(scheduleErasure);
      setAsking(false);
      setError(null);
    } catch (failure) {
      setError(describeFailure(failure, words.unreachable).message);
      throw failure;
    }
  }

  async function cancel() {
    setBusy(true);
    try {
      await act(cancelErasure);
    } catch (failure) {
      showSnackbar({
        message: describeFailure(failure, words.unreachable).message,
        variant: 'alert',
        severity: 'error',
      });
      void run((signal) => fetchErasure(userId, signal));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="app-user-privacy mt-4" aria-labelledby={`${id}-title`}>
      <h3 className="h6" id={`${id}-title`}>
        {words.title}
      </h3>
      <p className="small text-body-secondary">{words.intro}</p>
      {shown?.erased_at ? (
        <p className="mb-2" role="status">
          {fill(words.erased, { date: when(shown.erased_at) })}
        </p>
      ) : shown?.scheduled_for ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2" role="status">
          <span className="me-auto">
            {due ? words.due : fill(words.scheduled, { date: when(shown.scheduled_for) })}
          </span>
          {!due && (
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={cancel}>
              {words.cancel}
            </button>
          )}
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <a
          className="btn btn-sm btn-outline-primary d-inline-flex align-items-center gap-1"
          href={exportHref(userId)}
          download
        >
          <IconDownload size={16} aria-hidden="true" />
          <span>{words.export}</span>
        </a>
        {shown && !shown.erased_at && !shown.scheduled_for && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger d-inline-flex align-items-center gap-1"
            onClick={() => setAsking(true)}
          >
            <IconTrash size={16} aria-hidden="true" />
            <span>{words.erase}</span>
          </button>
        )}
      </div>
      <ConfirmDialog
        show={asking}
        title={words.confirmTitle}
        message={fill(words.confirmMessage, { date: when(Date.now() + erasureDelayMs) })}
        confirmLabel={words.confirmAction}
        keepLabel={words.keep}
        labels={labels.confirm}
        danger
        error={error}
        onConfirm={confirmErase}
        onCancel={() => {
          setAsking(false);
          setError(null);
        }}
      />
    </section>
  );
}
