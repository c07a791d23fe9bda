import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDevices,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useDateOptions } from '../../components/use-date-options';
import type { Locale } from '../../i18n/locales';
import { describeFailure } from '../../lib/api-failure';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { SessionsListLabels } from './account-labels';
import { describeDevice } from '../../shared/account/session-device';
import type { SessionRow } from '../../shared/account/session-row';
import { fetchSessions, revokeSession } from './sessions-api';

interface Props {
  /** Server-rendered; null when the server could not load them (the island says so, with Refresh). */
  initialSessions: SessionRow[] | null;
  locale: Locale;
  labels: SessionsListLabels;
}

const ICONS: Record<string, typeof IconDevices> = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
};

/** The admin's live sessions; any but this one can be signed out, or all of them at once. */
export default function SessionsList({ initialSessions, locale, labels }: Props) {
  const words = labels.sessions;
  const [rows, setRows] = useState<SessionRow[]>(initialSessions ?? []);
  const [loadError, setLoadError] = useState<string | null>(initialSessions ? null : words.unreachable);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<SessionRow | 'others' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dates = useDateOptions();
  const device = (row: SessionRow) => describeDevice(row.device, words);
  const others = rows.filter((row) => !row.current);

  async function refresh() {
    setBusy(true);
    try {
      setRows(await fetchSessions());
      setLoadError(null);
    } catch (failure) {
      setLoadError(describeFailure(failure, words.unreachable).message);
    } finally {
      setBusy(false);
    }
  }

  function ask(target: SessionRow | 'others') {
    setError(null);
    setAsking(target);
  }

  async function confirm() {
    if (!asking) return;
    try {
      const message = await revokeSession(asking === 'others' ? { others: true } : { id: asking.id });
      setAsking(null);
      showSnackbar({ message, severity: 'success' });
    } catch (failure) {
      const described = describeFailure(failure, words.unreachable);
      // Already gone (ended elsewhere, or timed out): nothing left to ask about.
      if (described.status !== 404) {
        setError(described.message);
        throw failure;
      }
      setAsking(null);
      showSnackbar({ message: described.message, severity: 'warning' });
    }
    await refresh();
  }

  const dialog =
    asking === 'others'
      ? { title: words.othersTitle, message: words.othersMessage, confirmLabel: words.signOutOthers }
      : {
          title: fill(words.oneTitle, { device: asking ? device(asking) : '' }),
          message: words.oneMessage,
          confirmLabel: words.signOut,
        };

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <p className="text-body-secondary mb-0 me-auto">{words.intro}</p>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void refresh()}
          disabled={busy}
          aria-busy={busy}
        >
          <IconRefresh size={18} aria-hidden="true" className="me-1" />
          {words.refresh}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => ask('others')}
          disabled={others.length === 0}
        >
          {words.signOutOthers}
        </button>
      </div>
      {loadError && (
        <div className="alert alert-danger" role="alert">
          {loadError}
        </div>
      )}
      <ul className="list-group" aria-label={words.caption} aria-busy={busy}>
        {rows.map((row) => {
          const Icon = ICONS[row.device.type ?? ''] ?? IconDevices;
          const name = device(row);
          return (
            <li
              key={row.id}
              className="list-group-item d-flex flex-wrap align-items-start gap-3 py-3"
              data-session-id={row.id}
            >
              <Icon size={28} aria-hidden="true" className="flex-shrink-0 mt-1" />
              <div className="flex-grow-1">
                <p className="fw-medium mb-1">
                  {name}
                  {row.current && (
                    <span className="badge rounded-pill bg-success-subtle text-success-emphasis ms-2">
                      {words.current}
                    </span>
                  )}
                </p>
                <dl className="d-flex flex-wrap column-gap-4 row-gap-1 small mb-0">
                  <div className="d-flex gap-1">
                    <dt className="fw-normal text-body-secondary">{words.address}</dt>
                    <dd className="mb-0">{row.ip || words.noAddress}</dd>
                  </div>
                  <div className="d-flex gap-1">
                    <dt className="fw-normal text-body-secondary">{words.started}</dt>
                    <dd className="mb-0">{formatDateTime(row.created_at, locale, dates)}</dd>
                  </div>
                  <div className="d-flex gap-1">
                    <dt className="fw-normal text-body-secondary">{words.lastSeen}</dt>
                    <dd className="mb-0">{formatDateTime(row.last_seen_at, locale, dates)}</dd>
                  </div>
                </dl>
              </div>
              {!row.current && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  aria-label={fill(words.signOutNamed, { device: name })}
                  onClick={() => ask(row)}
                >
                  {words.signOut}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {!loadError && others.length === 0 && <p className="text-body-secondary mt-3 mb-0">{words.onlyThis}</p>}
      <ConfirmDialog
        show={asking !== null}
        {...dialog}
        danger
        labels={labels.confirm}
        error={error}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
