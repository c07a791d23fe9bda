import { IconLogout } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import { api } from '../../lib/api-client';
import { clearAdminState } from './auth-storage';
import type { Labels } from '../../lib/labels';

export const logoutLabelKeys = {
  logout: 'shell.logout',
  question: 'logout.confirm',
  yes: 'logout.yes',
  no: 'logout.no',
} as const;

/**
 * The header's Logout. Server-rendered as a plain form post (works without JavaScript); once
 * hydrated, it asks first. Yes revokes the session and clears this browser's admin state; No goes
 * to the dashboard. The dialog keeps focus inside while open and gives it back when it closes.
 */
export default function LogoutButton({ labels }: { labels: Labels<typeof logoutLabelKeys> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  function ask(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(true);
  }

  async function confirm() {
    setBusy(true);
    try {
      await api('/api/admin/logout', { method: 'POST' });
    } catch {
      // Already signed out, or the server is unreachable: either way this browser forgets the admin.
    }
    clearAdminState();
    window.location.replace('/');
  }

  function decline() {
    setOpen(false);
    window.location.assign('/dashboard');
  }

  return (
    <>
      <form method="post" action="/api/admin/logout" className="m-0" onSubmit={ask}>
        <button type="submit" className="btn app-icon-btn" aria-haspopup="dialog">
          <IconLogout size={20} aria-hidden="true" />
          <span className="app-label-sm">{labels.logout}</span>
        </button>
      </form>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        onKeyDown={keepTabInside}
        centered
        aria-labelledby="logout-title"
      >
        <Modal.Header>
          <Modal.Title id="logout-title" as="h2" className="h5">
            {labels.logout}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{labels.question}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={decline} disabled={busy}>
            {labels.no}
          </Button>
          <Button variant="primary" onClick={confirm} disabled={busy}>
            {labels.yes}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
