import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Failure } from '../../lib/api-failure';
import {
  expiryTime,
  resendCode,
  verifyCode,
  type PendingCode,
  type Purpose,
} from '../../shared/auth/code-flow';
import { fieldValues } from './form-values';
import { fill, type Labels } from '../../lib/labels';
import { completeCode, emptyDigits, enterDigits } from '../../shared/auth/otp-digits';
import OtpInputs from './OtpInputs';
import ResendButton, { resendLabelKeys } from './ResendButton';

export const codeLabelKeys = {
  ...resendLabelKeys,
  sentTo: 'code.sentTo',
  sentGeneric: 'code.sentGeneric',
  legend: 'code.legend',
  digit: 'code.digit',
  expires: 'code.expires',
  verify: 'code.verify',
  verifying: 'code.verifying',
  resent: 'auth.otp.resent',
  missingLogin: 'code.missingLogin',
  missingReset: 'code.missingReset',
  backToSignIn: 'login.back',
  requestNewCode: 'forgot.again',
  unreachable: 'api.error.unreachable',
} as const;

interface Props {
  purpose: Purpose;
  /** BCP 47 tag of the page, for the expiry time. */
  lang: string;
  labels: Labels<typeof codeLabelKeys>;
  /** The step waiting for its code, as the server read it from its cookie; null: none. */
  pending: PendingCode | null;
  /** Why the step is over, when a form post ended it. */
  over?: string | undefined;
  /** A code the form post had refused (wrong, throttled). */
  failure?: Failure | null | undefined;
  /** What became of a resend the form post asked for. */
  notice?: string | undefined;
}

/** The boxes as filled before the island loaded (typed, pasted, autofilled), spread over the six. */
function typedDigits(form: HTMLFormElement | null): string[] {
  return enterDigits(emptyDigits(), 0, fieldValues(form, 'otp').join('')).digits;
}

/**
 * The code step. A real form that posts to its own page before (or without) script; once hydrated
 * it takes over: the boxes advance and auto-submit, the code goes to the API, resends count down.
 */
export default function CodeForm({ purpose, lang, labels, pending: initial, over, failure, notice }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(initial);
  const [deadMessage, setDeadMessage] = useState(initial ? null : (over ?? null));
  const [digits, setDigits] = useState(emptyDigits);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(failure ? (failure.fields.otp ?? failure.message) : null);
  const [exhausted, setExhausted] = useState(initial?.exhausted ?? false);
  const [focusFirst, setFocusFirst] = useState(0);
  const [localTime, setLocalTime] = useState(false);
  const submitting = useRef(false);
  const restart =
    purpose === 'login'
      ? { href: '/', text: labels.backToSignIn }
      : { href: '/forgot-password', text: labels.requestNewCode };

  useEffect(() => {
    setDigits(typedDigits(form.current));
    setLocalTime(true);
  }, []);

  async function verify(code: string) {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    setError(null);
    const outcome = await verifyCode(purpose, code, labels.unreachable);
    if (outcome.kind === 'done') {
      window.location.replace(outcome.next);
      return;
    }
    submitting.current = false;
    setBusy(false);
    if (outcome.kind === 'dead') {
      setDeadMessage(outcome.message);
      setPending(null);
      return;
    }
    setError(outcome.message);
    setDigits(emptyDigits());
    setFocusFirst((count) => count + 1);
  }

  async function resend(): Promise<string> {
    const outcome = await resendCode(purpose, labels.unreachable);
    if ((outcome.kind === 'sent' || outcome.kind === 'wait') && pending) {
      setPending({ ...pending, resendAt: outcome.resendAt, ...(outcome.kind === 'sent' ? outcome : {}) });
    }
    if (outcome.kind === 'dead') {
      setDeadMessage(outcome.message);
      setPending(null);
    }
    if (outcome.kind === 'exhausted') setExhausted(true);
    return outcome.kind === 'sent' ? labels.resent : outcome.message;
  }

  function change(next: string[]) {
    setDigits(next);
    const code = completeCode(next);
    if (code) void verify(code);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The boxes as they are: a browser's autofill may have filled them without a change event.
    const now = typedDigits(event.currentTarget);
    setDigits(now);
    const code = completeCode(now);
    if (code) void verify(code);
    else setFocusFirst((count) => count + 1);
  }

  if (!pending) {
    return (
      <div className={`alert ${deadMessage ? 'alert-danger' : 'alert-warning'} mb-0`} role="alert">
        <p>{deadMessage ?? (purpose === 'login' ? labels.missingLogin : labels.missingReset)}</p>
        <a className="alert-link" href={restart.href}>
          {restart.text}
        </a>
      </div>
    );
  }

  const time = localTime ? expiryTime(pending.expiresAt, lang) : pending.expiresText;
  return (
    <form ref={form} method="post" className="d-grid gap-3" onSubmit={submit} noValidate>
      <p className="mb-0">
        {pending.email ? fill(labels.sentTo, { email: pending.email }) : labels.sentGeneric}
      </p>
      <OtpInputs
        id="otp"
        digits={digits}
        onChange={change}
        legend={labels.legend}
        digitLabel={labels.digit}
        disabled={busy}
        invalid={error !== null}
        describedBy={error ? 'otp-error' : undefined}
        focusFirst={focusFirst}
        autoFocus
      />
      {error && (
        <p id="otp-error" className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
      {time && <p className="small text-body-secondary mb-0">{fill(labels.expires, { time })}</p>}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
        {busy ? labels.verifying : labels.verify}
      </button>
      <ResendButton
        until={pending.resendAt}
        onResend={resend}
        exhausted={exhausted}
        notice={notice}
        labels={labels}
      />
    </form>
  );
}
