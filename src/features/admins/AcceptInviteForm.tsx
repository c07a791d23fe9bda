import { useState, type SubmitEvent } from 'react';
import { describeFailure, type Failure } from '../../lib/api-failure';
import type { Labels } from '../../lib/labels';
import NewPasswordFields, { strengthLabelKeys } from '../auth/NewPasswordFields';
import type { InviteeView } from '../../shared/admins/admin-input';
import { acceptInvite } from './admins-api';

export const acceptInviteLabelKeys = {
  password: 'reset.password',
  confirm: 'reset.confirm',
  show: 'password.show',
  mismatch: 'reset.mismatch',
  submit: 'invite.submit',
  busy: 'reset.busy',
  signIn: 'invite.signIn',
  ...strengthLabelKeys,
  unreachable: 'api.error.unreachable',
} as const;

interface Props {
  invitee: InviteeView;
  labels: Labels<typeof acceptInviteLabelKeys>;
}

/**
 * The invited admin's first password, twice, with the strength meter. The token stays in the
 * address (a reload still works; Referrer-Policy: no-referrer keeps it out of Referer headers) and
 * is read from there on submit, never rendered into the page. Success signs nobody in: it points
 * to the sign-in page, where password and emailed code follow as for everyone.
 */
export default function AcceptInviteForm({ invitee, labels }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<{ message: string } | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      setFailure({ status: 400, message: labels.mismatch, fields: { confirm: labels.mismatch }, body: {} });
      return;
    }
    const token = new URL(window.location.href).searchParams.get('token') ?? '';
    setBusy(true);
    setFailure(null);
    try {
      setDone(await acceptInvite(token, password));
    } catch (error) {
      setFailure(describeFailure(error, labels.unreachable));
    } finally {
      setBusy(false);
    }
  }

  if (done || failure?.status === 410) {
    return (
      <div
        className={`alert ${done ? 'alert-success' : 'alert-danger'} mb-0`}
        role={done ? 'status' : 'alert'}
      >
        <p>{done?.message ?? failure?.message}</p>
        <a className="alert-link" href="/">
          {labels.signIn}
        </a>
      </div>
    );
  }

  const fields = failure?.fields ?? {};
  const generalError = failure && !fields.password && !fields.confirm;
  return (
    <form method="post" className="d-grid gap-3" onSubmit={submit}>
      {/* Tells password managers whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={invitee.email} readOnly hidden />
      {generalError && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <NewPasswordFields
        idPrefix="invite"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={fields}
        personal={[invitee.email, invitee.email.split('@')[0] ?? '', invitee.first_name, invitee.last_name]}
        labels={labels}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
