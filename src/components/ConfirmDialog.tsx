import { useId, useState, type SubmitEvent } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { focusFirstStop } from './focus-wrap';
import { keepTabInside } from './keep-tab-inside';

export const confirmLabelKeys = {
  cancel: 'confirm.cancel',
  reason: 'confirm.reason',
  reasonHint: 'confirm.reasonHint',
} as const;

export type ConfirmLabels = Record<keyof typeof confirmLabelKeys, string>;

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  message: string;
  /** The verb on the button that does it ("Block"). */
  confirmLabel: string;
  /**
   * The words on the button that leaves things as they are, where "Cancel" would read as the
   * action itself ("Keep scheduled" beside "Cancel sending"). Default: the kit's "Cancel".
   */
  keepLabel?: string;
  labels: ConfirmLabels;
  /** Ask for an optional reason (kept in the audit log). */
  withReason?: boolean;
  danger?: boolean;
  /** Resolve when done; reject to keep the dialog open (the caller shows what went wrong). */
  onConfirm: (reason: string | undefined) => Promise<void> | void;
  onCancel: () => void;
  /** What went wrong last time, shown inside the dialog. */
  error?: string | null;
}

/**
 * Asks before an action. Focus starts on the reason field, else on the button that leaves things
 * as they are; Tab stays inside while open; react-bootstrap gives focus back to the control that
 * opened it on close. The button stays disabled while the action runs (no double run).
 */
export default function ConfirmDialog(props: ConfirmDialogProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setBusy(true);
    try {
      await props.onConfirm(reason || undefined);
    } catch {
      // The caller reports it through `error`; the dialog stays open for another try.
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
          <ConfirmDialogBody {...props} id={id} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-primary" onClick={props.onCancel} disabled={busy}>
            {props.keepLabel ?? props.labels.cancel}
          </Button>
          <Button
            type="submit"
            variant={props.danger ? 'danger' : 'primary'}
            disabled={busy}
            aria-busy={busy}
          >
            {props.confirmLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/** The question, the optional reason and the last error; rendered on its own by the tests. */
export function ConfirmDialogBody(
  props: Pick<ConfirmDialogProps, 'message' | 'labels' | 'withReason' | 'error'> & { id: string },
) {
  const { id, labels } = props;
  return (
    <>
      <p className={props.withReason || props.error ? 'mb-3' : 'mb-0'}>{props.message}</p>
      {props.withReason && (
        <div>
          <label htmlFor={`${id}-reason`} className="form-label">
            {labels.reason}
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            className="form-control"
            rows={3}
            maxLength={500}
            aria-describedby={`${id}-hint`}
          />
          <div id={`${id}-hint`} className="form-text">
            {labels.reasonHint}
          </div>
        </div>
      )}
      {props.error && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {props.error}
        </div>
      )}
    </>
  );
}
