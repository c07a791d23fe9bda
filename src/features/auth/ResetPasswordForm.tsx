import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import { fieldText } from './form-values';
import type { Labels } from '../../lib/labels';
import NewPasswordFields, { strengthLabelKeys } from './NewPasswordFields';

export const resetLabelKeys = {
  password: 'reset.password',
  confirm: 'reset.confirm',
  show: 'password.show',
  mismatch: 'reset.mismatch',
  submit: 'reset.submit',
  busy: 'reset.busy',
  noToken: 'reset.noToken',
  requestNewCode: 'forgot.again',
  ...strengthLabelKeys,
  unreachable: 'api.error.unreachable',
} as const;

interface Props {
  labels: Labels<typeof resetLabelKeys>;
  /**
   * A live reset waits in this browser: the server holds its token in an HttpOnly cookie (from the
   * code step, or moved there from the mailed link), so the token is in neither the page nor a URL.
   */
  ready: boolean;
  /** The address of the pending reset, if this browser asked for it: for password managers. */
  email?: string;
  failure?: Failure | null;
}

export default function ResetPasswordForm({
  labels,
  ready: live,
  email = '',
  failure: refused = null,
}: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(live);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(refused);

  useEffect(() => {
    setPassword(fieldText(form.current, 'password'));
    setConfirm(fieldText(form.current, 'confirm'));
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = {
      password: fieldText(event.currentTarget, 'password'),
      confirm: fieldText(event.currentTarget, 'confirm'),
    };
    setPassword(typed.password);
    setConfirm(typed.confirm);
    if (typed.password !== typed.confirm) {
      setFailure({ status: 400, message: labels.mismatch, fields: { confirm: labels.mismatch }, body: {} });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await api('/api/admin/resetpassword', { json: { password: typed.password } });
      window.location.replace('/?reset=1');
    } catch (error) {
      const described = describeFailure(error, labels.unreachable);
      if (described.status === 410 || described.fields.resetToken) setReady(false);
      setFailure(described);
      setBusy(false);
    }
  }

  if (!ready) {
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
    <form ref={form} method="post" className="d-grid gap-3" onSubmit={submit}>
      {/* Tells password managers whose password this is. */}
      {email && <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />}
      {generalError && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <NewPasswordFields
        idPrefix="reset"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={fields}
        personal={[email, email.split('@')[0] ?? '']}
        labels={labels}
        autoFocus={failure === null ? undefined : fields.confirm ? 'confirm' : 'password'}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
