import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import EmailField from './EmailField';
import { fieldText } from './form-values';
import type { Labels } from '../../lib/labels';

export const forgotLabelKeys = {
  email: 'login.email',
  submit: 'forgot.submit',
  busy: 'forgot.busy',
  unreachable: 'api.error.unreachable',
} as const;

interface Props {
  labels: Labels<typeof forgotLabelKeys>;
  /** The address of a refused form post. */
  email?: string;
  failure?: Failure | null;
}

/**
 * Asks for a reset code and link; the answer is the same whether or not the address is an
 * admin's. Posts to its own page before (or without) script, like the login form.
 */
export default function ForgotPasswordForm({ labels, email: posted = '', failure: refused = null }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(posted);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(refused);

  useEffect(() => setEmail(fieldText(form.current, 'email')), []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = fieldText(event.currentTarget, 'email');
    setEmail(typed);
    setBusy(true);
    setFailure(null);
    try {
      // The pending reset comes back as an HttpOnly cookie, for /check-mail and the code step.
      await api('/api/admin/forgotpassword', { json: { email: typed } });
      window.location.assign('/check-mail');
    } catch (error) {
      setFailure(describeFailure(error, labels.unreachable));
      setBusy(false);
    }
  }

  const fieldError = failure?.fields.email;
  return (
    <form ref={form} method="post" className="d-grid gap-3" onSubmit={submit}>
      {failure && !fieldError && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <EmailField
        id="forgot-email"
        label={labels.email}
        value={email}
        onChange={setEmail}
        error={fieldError}
        autoFocus={failure !== null}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
