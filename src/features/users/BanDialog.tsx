import { useId, useState, type SubmitEvent } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { focusFirstStop } from '../../components/focus-wrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import type { Locale } from '../../i18n/locales';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import { BAN_REASON_MAX } from '../../shared/users/ban-input';
import { BAN_PRESETS, banEnd, type BanPreset } from './ban-presets';
import type { BanLabels } from './ban-labels';

export interface BanChoice {
  reason: string;
  /** ISO instant, or null for a permanent ban. */
  until: string | null;
}

export interface BanDialogProps {
  show: boolean;
  title: string;
  message?: string;
  locale: Locale;
  labels: BanLabels;
  /** Resolve when done; reject to keep the dialog open (the caller shows what went wrong). */
  onConfirm: (choice: BanChoice) => Promise<void>;
  onCancel: () => void;
  error?: string | null;
}

/** The time zone the end is entered and shown in: the browser's, as the date field reads it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A ban's reason and length: a preset (1 hour to 30 days, permanent) or a date and time, with the
 * time zone named and the end worked out as the admin chooses. The end is computed again when the
 * ban is sent, so a dialog left open a while still bans for the length chosen.
 */
export default function BanDialog(props: BanDialogProps) {
  const id = useId();
  const { labels } = props;
  const [preset, setPreset] = useState<BanPreset>('24h');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<'reason' | 'date' | null>(null);
  const end = banEnd(preset, date, new Date());

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const until = banEnd(preset, date, new Date());
    if (!reason) return setMissing('reason');
    if (until === undefined) return setMissing('date');
    setMissing(null);
    setBusy(true);
    try {
      await props.onConfirm({ reason, until: until?.toISOString() ?? null });
      setPreset('24h');
      setDate('');
    } catch {
      // Shown through `error`; the dialog stays open.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      show={props.show}
      onHide={props.onCancel}
      onKeyDown={keepTabInside}
      onEntered={focusFirstStop}
      centered
      aria-labelledby={`${id}-title`}
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {props.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {props.message && <p>{props.message}</p>}
          <div className="mb-3">
            <label htmlFor={`${id}-reason`} className="form-label">
              {labels.reason}
            </label>
            <textarea
              id={`${id}-reason`}
              name="reason"
              className={`form-control${missing === 'reason' ? ' is-invalid' : ''}`}
              rows={3}
              maxLength={BAN_REASON_MAX}
              required
              aria-invalid={missing === 'reason'}
              aria-describedby={`${id}-reason-hint`}
            />
            <div id={`${id}-reason-hint`} className={missing === 'reason' ? 'invalid-feedback' : 'form-text'}>
              {missing === 'reason' ? labels.reasonRequired : labels.reasonHint}
            </div>
          </div>
          <fieldset className="mb-2">
            <legend className="form-label fs-6">{labels.length}</legend>
            <div className="d-flex flex-wrap gap-2">
              {BAN_PRESETS.map((choice) => (
                <div key={choice} className="form-check form-check-inline me-2">
                  <input
                    className="form-check-input"
                    type="radio"
                    name="preset"
                    id={`${id}-${choice}`}
                    value={choice}
                    checked={preset === choice}
                    onChange={() => setPreset(choice)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${choice}`}>
                    {labels[choice]}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          {preset === 'date' && (
            <div className="mb-2">
              <label htmlFor={`${id}-date`} className="form-label">
                {labels.until}
              </label>
              <input
                id={`${id}-date`}
                type="datetime-local"
                className={`form-control${missing === 'date' ? ' is-invalid' : ''}`}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                aria-invalid={missing === 'date'}
                aria-describedby={`${id}-zone`}
              />
            </div>
          )}
          <p id={`${id}-zone`} className="form-text mb-1">
            {fill(labels.timeZone, { zone: timeZone() })}
          </p>
          <p className="mb-0" aria-live="polite">
            {end === null
              ? labels.forever
              : end === undefined
                ? missing === 'date'
                  ? labels.dateRequired
                  : ''
                : fill(labels.endsAt, { date: formatDateTime(end, props.locale) })}
          </p>
          {props.error && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {props.error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-primary" onClick={props.onCancel} disabled={busy}>
            {labels.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
            {labels.confirm}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
