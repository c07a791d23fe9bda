import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import { RESET_CHALLENGE_KEY, resendAtFrom, save } from './auth-storage';
import EmailField from './EmailField';
import type { Labels } from '../../lib/labels';

export const forgotLabelKeys = {
  email: 'login.email',
  submit: 'forgot.submit',
  busy: 'forgot.busy',
  unreachable: 'api.error.unreachable',
} as const;

/** Asks for a reset code and link; the answer is the same whether or not the address is an admin's. */
export default function ForgotPasswordForm({ labels }: { labels: Labels<typeof forgotLabelKeys> }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { ResponseBody: body } = await api<{ email?: string; resendAfter?: number }>(
        '/api/admin/forgotpassword',
        { json: { email } },
      );
      save(RESET_CHALLENGE_KEY, { email: body?.email ?? email, resendAt: resendAtFrom(body?.resendAfter) });
      window.location.assign('/check-mail');
    } catch (error) {
      setFailure(describeFailure(error, labels.unreachable));
      setBusy(false);
    }
  }

  const fieldError = failure?.fields.email;
  return (
    <form method="post" className="d-grid gap-3" onSubmit={submit}>
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
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
