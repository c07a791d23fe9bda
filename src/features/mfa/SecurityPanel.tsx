import { startRegistration } from '@simplewebauthn/browser';
import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import ConfirmDialog from '../../components/ConfirmDialog';
import { api } from '../../lib/api-client';
import { describeFailure } from '../../lib/api-failure';
import { fill, plural } from '../../lib/labels';
import type { MfaStatusView } from './mfa-status';
import RecoveryCodesShown from './RecoveryCodesShown';
import type { SecurityLabels } from './mfa-labels';

type Removal = { method: 'totp' } | { method: 'passkey'; id: number; name: string };

/**
 * The Sign-in security tab: passkeys (named), the authenticator app (QR code, key, first code),
 * recovery codes (how many left, new ones shown once), removing a factor after a confirmation.
 * Sensitive calls may first ask the admin to confirm it is them (the api client's reauth prompt).
 */
export default function SecurityPanel({
  initial,
  labels,
  lang,
  passkeysPossible,
}: {
  initial: MfaStatusView;
  labels: SecurityLabels;
  lang: string;
  passkeysPossible: boolean;
}) {
  const [status, setStatus] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [setup, setSetup] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [busy, setBusy] = useState(false);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });

  async function refresh() {
    setStatus((await api('/api/admin/getmfa')).ResponseBody!);
  }
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeFailure(failure, labels.unreachable).message);
    } finally {
      setBusy(false);
    }
  }

  const addPasskey = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    void run(async () => {
      const options = await api('/api/admin/passkeyoptions', { json: {} });
      const response = await startRegistration({ optionsJSON: options.ResponseBody! });
      const added = await api('/api/admin/passkeyregister', {
        json: { name, response },
      });
      if (added.ResponseBody?.recovery_codes) setCodes(added.ResponseBody.recovery_codes);
      form.reset();
      await refresh();
    });
  };
  const startApp = () =>
    run(async () => {
      setSetup((await api('/api/admin/totpsetup', { json: {} })).ResponseBody!);
    });
  const confirmApp = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => {
      const confirmed = await api('/api/admin/totpconfirm', {
        json: { code },
      });
      if (confirmed.ResponseBody?.recovery_codes) setCodes(confirmed.ResponseBody.recovery_codes);
      setSetup(null);
      await refresh();
    });
  };
  const newCodes = () =>
    run(async () => {
      setCodes((await api('/api/admin/newrecoverycodes', { json: {} })).ResponseBody!.recovery_codes);
      await refresh();
    });
  const remove = async () => {
    if (!removal) return;
    const json = removal.method === 'totp' ? { method: 'totp' } : { method: 'passkey', id: removal.id };
    await api('/api/admin/removemfa', { json });
    setRemoval(null);
    await refresh();
  };

  return (
    <div className="security-panel">
      <p>{labels.intro}</p>
      {status.required && <Alert variant="info">{labels.required}</Alert>}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {codes && <RecoveryCodesShown codes={codes} labels={labels} onDone={() => setCodes(null)} />}

      <h3 className="h6 mt-4">{labels.passkeys}</h3>
      <p className="text-body-secondary">{labels.passkeysIntro}</p>
      {status.passkeys.length === 0 && <p>{labels.passkeysNone}</p>}
      <ul className="list-unstyled">
        {status.passkeys.map((passkey) => (
          <li key={passkey.id} className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2">
            <strong className="me-auto">{passkey.name}</strong>
            <span className="text-body-secondary small">
              {fill(labels.passkeyCreated, { date: date(passkey.created_at) })} ·{' '}
              {passkey.last_used_at
                ? fill(labels.passkeyLastUsed, { date: date(passkey.last_used_at) })
                : labels.passkeyNeverUsed}
            </span>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => setRemoval({ method: 'passkey', id: passkey.id, name: passkey.name })}
            >
              {labels.remove}
            </Button>
          </li>
        ))}
      </ul>
      {passkeysPossible ? (
        <Form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={addPasskey}>
          <Form.Group controlId="passkey-name">
            <Form.Label>{labels.passkeyName}</Form.Label>
            <Form.Control name="name" required maxLength={60} placeholder={labels.passkeyNameHint} />
          </Form.Group>
          <Button type="submit" disabled={busy}>
            {labels.passkeyAdd}
          </Button>
        </Form>
      ) : (
        <Alert variant="secondary">{labels.passkeysImpossible}</Alert>
      )}

      <h3 className="h6 mt-4">{labels.app}</h3>
      <p className="text-body-secondary">{labels.appIntro}</p>
      {status.totp ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{labels.appOn}</span>
          <Button variant="outline-danger" size="sm" onClick={() => setRemoval({ method: 'totp' })}>
            {labels.remove}
          </Button>
        </div>
      ) : setup ? (
        <Form onSubmit={confirmApp} data-app-setup>
          <p>{labels.appScan}</p>
          {/* Drawn by the server (qrcode) from the otpauth:// URI: an SVG of squares, no script. */}
          <div
            className="app-qr mb-2"
            style={{ maxWidth: '14rem' }}
            dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
          />
          <p>
            {labels.appKey}{' '}
            <code dir="ltr" data-app-key>
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <Form.Group controlId="app-code" className="mb-2">
            <Form.Label>{labels.appCode}</Form.Label>
            <Form.Control
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              dir="ltr"
            />
          </Form.Group>
          <Button type="submit" disabled={busy}>
            {labels.appConfirm}
          </Button>
        </Form>
      ) : (
        <Button onClick={() => void startApp()} disabled={busy}>
          {labels.appSetUp}
        </Button>
      )}

      <h3 className="h6 mt-4">{labels.recovery}</h3>
      <p className="text-body-secondary">{labels.recoveryIntro}</p>
      <p data-recovery-left>{plural(labels.recoveryLeft, status.recovery_codes_left)}</p>
      <Button
        variant="outline-secondary"
        onClick={() => void newCodes()}
        disabled={busy || (!status.totp && status.passkeys.length === 0)}
      >
        {labels.recoveryNew}
      </Button>

      <ConfirmDialog
        show={removal !== null}
        title={labels.removeTitle}
        message={
          removal?.method === 'passkey'
            ? fill(labels.removePasskey, { name: removal.name })
            : labels.removeApp
        }
        confirmLabel={labels.remove}
        labels={labels}
        danger
        onConfirm={remove}
        onCancel={() => setRemoval(null)}
      />
    </div>
  );
}
