import { startAuthentication } from '@simplewebauthn/browser';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import type { OnDemandDialogProps } from '../../components/OnDemandDialog';
import { api } from '../../lib/api-client';
import { describeFailure } from '../../lib/api-failure';
import type { ReauthLabels } from './mfa-labels';

type Method = 'totp' | 'recovery' | 'passkey' | 'password';

/**
 * Asks the admin to confirm it is them (`reauth`) with one of their factors, or their password
 * while they have none; `onDone(true)` once confirmed, and the action that asked is tried again.
 */
export default function ReauthDialog({
  open,
  onHide,
  labels,
  onDone,
}: OnDemandDialogProps & { labels: ReauthLabels; onDone: (confirmed: boolean) => void }) {
  const [methods, setMethods] = useState<Method[] | null>(null);
  const [method, setMethod] = useState<Method>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(null);
    void api('/api/admin/getmfa').then(({ ResponseBody: status }) => {
      const mine: Method[] = [];
      if (status!.passkeys.length) mine.push('passkey');
      if (status!.totp) mine.push('totp');
      if (mine.length) mine.push('recovery');
      else mine.push('password');
      setMethods(mine);
      setMethod(mine.find((one) => one !== 'passkey') ?? mine[0]!);
    });
  }, [open]);

  const finish = (confirmed: boolean) => {
    onHide();
    onDone(confirmed);
  };
  async function send(json: Record<string, unknown>) {
    setBusy(true);
    setError(null);
    try {
      await api('/api/admin/reauth', { json });
      finish(true);
    } catch (failure) {
      setError(describeFailure(failure, labels.unreachable).message);
    } finally {
      setBusy(false);
    }
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('secret') ?? '').trim();
    void send(method === 'password' ? { method, password: value } : { method, otp: value });
  };
  const passkey = () =>
    void (async () => {
      try {
        const options = await api('/api/admin/reauthoptions', { json: {} });
        await send({
          method: 'passkey',
          response: await startAuthentication({ optionsJSON: options.ResponseBody! }),
        });
      } catch (failure) {
        setError(describeFailure(failure, labels.unreachable).message);
      }
    })();

  const field = {
    totp: labels.appCode,
    recovery: labels.recoveryCode,
    password: labels.password,
    passkey: '',
  }[method];
  return (
    <Modal show={open} onHide={() => finish(false)} centered aria-labelledby="reauth-title">
      <Form onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="reauth-title" as="h2" className="h5">
            {labels.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{labels.intro}</p>
          {error && <Alert variant="danger">{error}</Alert>}
          {methods?.includes('passkey') && (
            <Button variant="outline-primary" className="mb-3" onClick={passkey} disabled={busy}>
              {labels.passkey}
            </Button>
          )}
          {methods && methods.length > 1 && (
            <Form.Select
              aria-label={labels.title}
              className="mb-2"
              value={method}
              onChange={(event) => setMethod(event.target.value as Method)}
            >
              {methods
                .filter((one) => one !== 'passkey')
                .map((one) => (
                  <option key={one} value={one}>
                    {
                      {
                        totp: labels.appCode,
                        recovery: labels.recoveryCode,
                        password: labels.password,
                        passkey: '',
                      }[one]
                    }
                  </option>
                ))}
            </Form.Select>
          )}
          <Form.Group controlId="reauth-secret">
            <Form.Label>{field}</Form.Label>
            <Form.Control
              name="secret"
              type={method === 'password' ? 'password' : 'text'}
              autoComplete={
                method === 'password' ? 'current-password' : method === 'totp' ? 'one-time-code' : 'off'
              }
              inputMode={method === 'totp' ? 'numeric' : undefined}
              dir="ltr"
              required
              autoFocus
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => finish(false)}>
            {labels.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {labels.confirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
