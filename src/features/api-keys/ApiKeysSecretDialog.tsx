import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import { showSnackbar } from '../../stores/snackbar';
import type { ApiKeyLabels } from './api-keys-labels';
import { focusFirstStop } from '../../components/focus-wrap';

/** The dialog's words: the keys tab's own, or a webhook's signing secret's in the same names. */
export type SecretLabels = Pick<
  ApiKeyLabels,
  'shownTitle' | 'shownWarning' | 'shownLabel' | 'copy' | 'copied' | 'copyFailed' | 'done'
>;

interface ApiKeysSecretDialogProps {
  /** The key (or a webhook's signing secret) just made; null closes the dialog, and it is gone from the page. */
  secret: string | null;
  labels: SecretLabels;
  onDone: () => void;
}

/**
 * Shows a new key or secret once, with Copy. A click beside the dialog does not close it (it would
 * be lost); Done or Escape does, and it is then dropped from memory.
 */
export default function ApiKeysSecretDialog({ secret, labels, onDone }: ApiKeysSecretDialogProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      showSnackbar({ message: labels.copied, severity: 'success' });
    } catch {
      // No clipboard (permission, insecure context): select it so Ctrl+C does it.
      field.current?.select();
      showSnackbar({ message: labels.copyFailed, variant: 'alert', severity: 'warning' });
    }
  }

  return (
    <Modal
      show={secret !== null}
      onHide={onDone}
      onEntered={focusFirstStop}
      onKeyDown={keepTabInside}
      backdrop="static"
      centered
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {labels.shownTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="alert alert-warning d-flex gap-2" id={`${id}-warning`}>
          <IconAlertTriangle size={22} className="flex-shrink-0" aria-hidden="true" />
          <p className="mb-0">{labels.shownWarning}</p>
        </div>
        <label htmlFor={`${id}-key`} className="form-label">
          {labels.shownLabel}
        </label>
        <div className="input-group">
          <input
            ref={field}
            id={`${id}-key`}
            className="form-control font-monospace"
            dir="ltr"
            readOnly
            value={secret ?? ''}
            aria-describedby={`${id}-warning`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="primary" className="d-inline-flex align-items-center gap-1" onClick={copy}>
            <IconCopy size={18} aria-hidden="true" />
            <span>{labels.copy}</span>
          </Button>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={onDone}>
          {labels.done}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
