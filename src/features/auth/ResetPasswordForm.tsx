import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import {
  forget,
  readResetChallenge,
  readResetToken,
  RESET_CHALLENGE_KEY,
  RESET_TOKEN_KEY,
  save,
} from './auth-storage';
import type { Labels } from '../../lib/labels';
import PasswordField from './PasswordField';
import PasswordStrength from './PasswordStrength';

export const resetLabelKeys = {
  password: 'reset.password',
  confirm: 'reset.confirm',
  show: 'password.show',
  mismatch: 'reset.mismatch',
  submit: 'reset.submit',
  busy: 'reset.busy',
  noToken: 'reset.noToken',
  requestNewCode: 'forgot.again',
  strength: 'password.strength',
  strength0: 'password.strength.0',
  strength1: 'password.strength.1',
  strength2: 'password.strength.2',
  strength3: 'password.strength.3',
  strength4: 'password.strength.4',
  unreachable: 'api.error.unreachable',
} as const;

/** Reads the token from the emailed link (then drops it from the address bar) or from the code step. */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromLink = url.searchParams.get('token');
  if (fromLink) {
    save(RESET_TOKEN_KEY, fromLink);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return fromLink || readResetToken();
}

export default function ResetPasswordForm({ labels }: { labels: Labels<typeof resetLabelKeys> }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    setToken(takeToken());
    setEmail(readResetChallenge()?.email ?? '');
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    if (password !== confirm) {
      setFailure({ status: 400, message: labels.mismatch, fields: { confirm: labels.mismatch }, body: {} });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await api('/api/admin/resetpassword', { json: { resetToken: token, password } });
      forget(RESET_TOKEN_KEY);
      forget(RESET_CHALLENGE_KEY);
      window.location.replace('/?reset=1');
    } catch (error) {
      const described = describeFailure(error, labels.unreachable);
      if (described.status === 410 || described.fields.resetToken) {
        forget(RESET_TOKEN_KEY);
        setToken(null);
      }
      setFailure(described);
      setBusy(false);
    }
  }

  if (token === null) {
    return (
      <div className={`alert ${failure ? 'alert-danger' : 'alert-warning'} mb-0`} role="alert">
        <p>{failure?.message ?? labels.noToken}</p>
        <a className="alert-link" href="/forgot-password">
          {labels.requestNewCode}
        </a>
      </div>
    );
  }

  const fields = failure?.fields ?? {};
  const generalError = failure && !fields.password && !fields.confirm;
  return (
    <form method="post" className="d-grid gap-3" onSubmit={submit}>
      {/* Tells password managers whose password this is. */}
      {email && <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />}
      {generalError && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <PasswordField
        id="reset-password"
        name="password"
        label={labels.password}
        showLabel={labels.show}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={fields.password}
      />
      <PasswordStrength
        id="reset-strength"
        password={password}
        personal={[email, email.split('@')[0] ?? ''].filter(Boolean)}
        label={labels.strength}
        levels={[labels.strength0, labels.strength1, labels.strength2, labels.strength3, labels.strength4]}
      />
      <PasswordField
        id="reset-confirm"
        name="confirm"
        label={labels.confirm}
        showLabel={labels.show}
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={fields.confirm}
      />
      <button
        type="submit"
        className="btn btn-primary btn-lg"
        disabled={busy || token === undefined}
        aria-busy={busy}
      >
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
