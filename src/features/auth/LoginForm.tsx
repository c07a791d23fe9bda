import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import EmailField from './EmailField';
import { fieldText } from './form-values';
import type { Labels } from '../../lib/labels';
import PasswordField from './PasswordField';

export const loginLabelKeys = {
  email: 'login.email',
  password: 'login.password',
  show: 'password.show',
  submit: 'login.submit',
  busy: 'login.busy',
  forgot: 'login.forgot',
  unreachable: 'api.error.unreachable',
} as const;

/** "Forgot password?" takes along what was typed, so the address need not be typed twice. */
export const forgotHref = (email: string) =>
  email.trim() ? `/forgot-password?${new URLSearchParams({ email: email.trim() })}` : '/forgot-password';

interface Props {
  labels: Labels<typeof loginLabelKeys>;
  /** The address of a refused form post (the password is never sent back). */
  email?: string;
  /** Why the server refused the form post this page answers. */
  failure?: Failure | null;
}

/**
 * Step one of signing in: email and password; the code step follows on /code-verification.
 * A real form that posts to its own page before (or without) script; once hydrated, the island
 * calls the API instead and keeps whatever was typed before it loaded.
 */
export default function LoginForm({ labels, email: posted = '', failure: refused = null }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(posted);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(refused);

  useEffect(() => {
    setEmail(fieldText(form.current, 'email'));
    setPassword(fieldText(form.current, 'password'));
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = {
      email: fieldText(event.currentTarget, 'email'),
      password: fieldText(event.currentTarget, 'password'),
    };
    setEmail(typed.email);
    setPassword(typed.password);
    setBusy(true);
    setFailure(null);
    try {
      // The pending sign-in comes back as an HttpOnly cookie, for the code step.
      await api('/api/admin/login', { json: typed });
      window.location.assign('/code-verification');
    } catch (error) {
      setFailure(describeFailure(error, labels.unreachable));
      setBusy(false);
    }
  }

  const fields = failure?.fields ?? {};
  const general = failure !== null && !fields.email && !fields.password;
  return (
    <>
      {/* method=post: a submit before hydration posts to this page, which signs in the same way. */}
      <form ref={form} method="post" className="d-grid gap-3" onSubmit={submit}>
        {general && (
          <div className="alert alert-danger mb-0" role="alert">
            {failure.message}
          </div>
        )}
        <EmailField
          id="login-email"
          autoComplete="username webauthn"
          label={labels.email}
          value={email}
          onChange={setEmail}
          error={fields.email}
          autoFocus={Boolean(fields.email)}
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
          autoFocus={general || (Boolean(fields.password) && !fields.email)}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
          {busy ? labels.busy : labels.submit}
        </button>
      </form>
      <p className="mt-4 mb-0 text-center">
        <a href={forgotHref(email)}>{labels.forgot}</a>
      </p>
    </>
  );
}
