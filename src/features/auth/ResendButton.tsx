import { useState } from 'react';
import { fill } from '../../lib/labels';
import { useCooldown } from './use-cooldown';

export const resendLabelKeys = { resend: 'code.resend', resendIn: 'code.resendIn' } as const;

interface Props {
  /** Epoch ms before which the server refuses a resend. */
  until: number;
  /** Asks for a new code; resolves with what to tell the person. */
  onResend: () => Promise<string>;
  /** No more resends for this challenge. */
  exhausted?: boolean;
  labels: Record<keyof typeof resendLabelKeys, string>;
}

/** "Resend code" with its cooldown shown; the outcome is announced politely. */
export default function ResendButton({ until, onResend, exhausted = false, labels }: Props) {
  const left = useCooldown(until);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function resend() {
    setBusy(true);
    setStatus('');
    try {
      setStatus(await onResend());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="d-grid gap-1">
      <button
        type="button"
        className="btn btn-link"
        onClick={resend}
        disabled={busy || left > 0 || exhausted}
      >
        {labels.resend}
      </button>
      {left > 0 && !exhausted && (
        <p className="small text-body-secondary text-center mb-0">
          {fill(labels.resendIn, { seconds: left })}
        </p>
      )}
      <p className="small text-center mb-0" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
