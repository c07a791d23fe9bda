import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import { OTP_CHALLENGE_KEY, resendAtFrom, save } from './auth-storage';
import EmailField from './EmailField';
import type { Labels } from '../../lib/labels';
import PasswordField from './PasswordField';

export const loginLabelKeys = {
  email: 'login.email',
  password: 'login.password',
  show: 'password.show',
  submit: 'login.submit',
  busy: 'login.busy',
  unreachable: 'api.error.unreachable',
} as const;

interface LoginBody {
  otpToken?: string;
  email?: string;
  expiresAt?: string;
  resendAfter?: number;
}

/** Step one of signing in: email and password; the code step follows on /code-verification. */
export default function LoginForm({ labels }: { labels: Labels<typeof loginLabelKeys> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { ResponseBody: body } = await api<LoginBody>('/api/admin/login', { json: { email, password } });
      if (!body?.otpToken || !body.expiresAt) throw new Error('No sign-in challenge in the answer');
      save(OTP_CHALLENGE_KEY, {
        otpToken: body.otpToken,
        email: body.email ?? email,
        expiresAt: body.expiresAt,
        resendAt: resendAtFrom(body.resendAfter),
      });
      window.location.assign('/code-verification');
    } catch (error) {
      setFailure(describeFailure(error, labels.unreachable));
      setBusy(false);
    }
  }

  const fields = failure?.fields ?? {};
  return (
    // method=post: a submit before hydration must never put the password in the address bar.
    <form method="post" className="d-grid gap-3" onSubmit={submit}>
      {failure && Object.keys(fields).length === 0 && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <EmailField
        id="login-email"
        label={labels.email}
        value={email}
        onChange={setEmail}
        error={fields.email}
      />
      <PasswordField
        id="login-password"
        name="password"
        label={labels.password}
        showLabel={labels.show}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={fields.password}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
