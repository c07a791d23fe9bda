import { useState, type MouseEvent } from 'react';
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
  /** What became of a resend the page's form post asked for (before script loaded). */
  notice?: string;
  labels: Record<keyof typeof resendLabelKeys, string>;
}

/**
 * "Resend code" with its cooldown shown; the outcome is announced politely. A submit button of the
 * surrounding form (`intent=resend`), so it works before script loads; then it calls `onResend`.
 */
export default function ResendButton({ until, onResend, exhausted = false, notice = '', labels }: Props) {
  const left = useCooldown(until);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState(notice);

  async function resend(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
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
        type="submit"
        name="intent"
        value="resend"
        formNoValidate
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
