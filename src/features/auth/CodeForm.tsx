import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { expiryTime, loadChallenge, resendCode, verifyCode, type Challenge, type Purpose } from './code-flow';
import { fill, type Labels } from '../../lib/labels';
import { maskEmail } from './mask-email';
import { completeCode, emptyDigits } from './otp-digits';
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
}

type Stage = 'loading' | 'ready' | 'missing' | 'dead';

export default function CodeForm({ purpose, lang, labels }: Props) {
  const [stage, setStage] = useState<Stage>('loading');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [digits, setDigits] = useState(emptyDigits);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string } | null>(null);
  const [deadMessage, setDeadMessage] = useState('');
  const [exhausted, setExhausted] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  const submitting = useRef(false);
  const restart =
    purpose === 'login'
      ? { href: '/', text: labels.backToSignIn }
      : { href: '/forgot-password', text: labels.requestNewCode };

  useEffect(() => {
    const found = loadChallenge(purpose);
    setChallenge(found);
    setStage(found ? 'ready' : 'missing');
    if (found) setFocusFirst(1);
  }, [purpose]);

  async function verify(code: string) {
    if (!challenge || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    setError(null);
    const outcome = await verifyCode(challenge, code, labels.unreachable);
    if (outcome.kind === 'done') {
      window.location.replace(outcome.next);
      return;
    }
    submitting.current = false;
    setBusy(false);
    if (outcome.kind === 'dead') {
      setDeadMessage(outcome.message);
      setStage('dead');
      return;
    }
    setError({ message: outcome.message });
    setDigits(emptyDigits());
    setFocusFirst((count) => count + 1);
  }

  async function resend(): Promise<string> {
    if (!challenge) return '';
    const outcome = await resendCode(challenge, labels.unreachable);
    if (outcome.kind === 'sent' || outcome.kind === 'wait') {
      setChallenge({ ...challenge, resendAt: outcome.resendAt, ...(outcome.kind === 'sent' ? outcome : {}) });
    }
    if (outcome.kind === 'dead') {
      setDeadMessage(outcome.message);
      setStage('dead');
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
    const code = completeCode(digits);
    if (code) void verify(code);
    else setFocusFirst((count) => count + 1);
  }

  if (stage === 'missing' || stage === 'dead') {
    return (
      <div className={`alert ${stage === 'dead' ? 'alert-danger' : 'alert-warning'} mb-0`} role="alert">
        <p>
          {stage === 'dead' ? deadMessage : purpose === 'login' ? labels.missingLogin : labels.missingReset}
        </p>
        <a className="alert-link" href={restart.href}>
          {restart.text}
        </a>
      </div>
    );
  }

  const time = expiryTime(challenge?.expiresAt, lang);
  return (
    <form className="d-grid gap-3" onSubmit={submit} noValidate>
      <p className="mb-0">
        {challenge ? fill(labels.sentTo, { email: maskEmail(challenge.email) }) : labels.sentGeneric}
      </p>
      <OtpInputs
        id="otp"
        digits={digits}
        onChange={change}
        legend={labels.legend}
        digitLabel={labels.digit}
        disabled={busy || stage !== 'ready'}
        invalid={error !== null}
        describedBy={error ? 'otp-error' : undefined}
        focusFirst={focusFirst}
      />
      {error && (
        <p id="otp-error" className="text-danger small mb-0" role="alert">
          {error.message}
        </p>
      )}
      {time && <p className="small text-body-secondary mb-0">{fill(labels.expires, { time })}</p>}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy || stage !== 'ready'}>
        {busy ? labels.verifying : labels.verify}
      </button>
      <ResendButton
        until={challenge?.resendAt ?? 0}
        onResend={resend}
        exhausted={exhausted}
        labels={labels}
      />
    </form>
  );
}
