import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { describeFailure, type Failure } from '../../lib/api-failure';
import { issuesToFieldErrors } from '../../lib/form-errors';
import { catalogueIssues } from '../../lib/zod-issues';
import { showSnackbar } from '../../stores/snackbar';
import { flashCookie } from '../../shared/feedback/flash';
import PasswordField from '../auth/PasswordField';
import NewPasswordFields from '../auth/NewPasswordFields';
import type { PasswordFormLabels } from './account-labels';
import { ChangePasswordInput } from '../../shared/account/password-input';

interface Props {
  /** For password managers (whose password this is) and the strength meter (personal words). */
  email: string;
  names: string[];
  labels: PasswordFormLabels;
  /** Where to go once the password is changed (the first sign-in's forced change: the dashboard). */
  next?: string;
}

const EMPTY = { current_password: '', new_password: '', confirm: '' };
type Values = typeof EMPTY;

/** Checked here with the endpoint's schema, plus the repeat; the server's answer still decides. */
function check(values: Values, labels: PasswordFormLabels): Record<string, string> {
  const parsed = ChangePasswordInput.safeParse(values, catalogueIssues);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, labels.validation);
  if (!errors.new_password && values.confirm !== values.new_password) errors.confirm = labels.form.mismatch;
  return errors;
}

/** Current password, the new one twice with the sign-in strength meter; clears itself on success. */
export default function ChangePasswordForm({ email, names, labels, next }: Props) {
  const words = labels.form;
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const set = (name: keyof Values) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  // Once React has drawn a failure, the first field with something to fix takes the focus.
  useEffect(() => {
    if (failure) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  function showErrors(next: Failure) {
    setFailure(next);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fields = check(values, labels);
    if (Object.keys(fields).length > 0) {
      showErrors({ status: 400, message: '', fields, body: {} });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api('/api/admin/changepassword', {
        json: { current_password: values.current_password, new_password: values.new_password },
      });
      if (next) {
        // The confirmation travels to the next page as a flash message.
        document.cookie = flashCookie('changePassword.done', 'success', {
          secure: window.location.protocol === 'https:',
        });
        window.location.assign(next);
        return;
      }
      setValues(EMPTY);
      showSnackbar({ message: answer.ResponseMessage, severity: 'success', variant: 'alert' });
    } catch (error) {
      showErrors(describeFailure(error, words.unreachable));
    } finally {
      setBusy(false);
    }
  }

  const fields = failure?.fields ?? {};
  const general = failure && failure.message && !fields.current_password && !fields.new_password;
  return (
    <form ref={form} method="post" className="d-grid gap-3" onSubmit={submit} noValidate>
      <p className="text-body-secondary mb-0">{words.intro}</p>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      {general && (
        <div className="alert alert-danger mb-0" role="alert">
          {failure.message}
        </div>
      )}
      <PasswordField
        id="account-current-password"
        name="current_password"
        label={words.current}
        showLabel={words.show}
        autoComplete="current-password"
        value={values.current_password}
        onChange={set('current_password')}
        error={fields.current_password}
      />
      <NewPasswordFields
        idPrefix="account"
        name="new_password"
        password={values.new_password}
        confirm={values.confirm}
        onPassword={set('new_password')}
        onConfirm={set('confirm')}
        errors={{ password: fields.new_password, confirm: fields.confirm }}
        personal={[email, email.split('@')[0] ?? '', ...names]}
        labels={words}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? words.busy : words.submit}
        </button>
      </div>
    </form>
  );
}
