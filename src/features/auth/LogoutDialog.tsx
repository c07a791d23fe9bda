import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import type { OnDemandDialogProps } from '../../components/OnDemandDialog';
import { api } from '../../lib/api-client';
import type { Labels } from '../../lib/labels';
import { clearAdminState } from './auth-storage';
import type { logoutLabelKeys } from './logout-labels';
import { focusFirstStop } from '../../components/focus-wrap';

export interface LogoutDialogProps extends OnDemandDialogProps {
  labels: Labels<typeof logoutLabelKeys>;
}

/**
 * "Are you sure?" before logging out. The header's Logout is a plain form post (works without
 * JavaScript, LogoutButton.astro); with JavaScript it opens this instead (logout-trigger.ts).
 * Yes revokes the session and clears this browser's admin state; No goes to the dashboard. The
 * dialog keeps focus inside while open and gives it back when it closes.
 */
export default function LogoutDialog({ labels, open, onHide }: LogoutDialogProps) {
  const [busy, setBusy] = useState(false);

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
    onHide();
    window.location.assign('/dashboard');
  }

  return (
    <Modal
      show={open}
      onHide={onHide}
      onEntered={focusFirstStop}
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
        <Button variant="outline-primary" onClick={decline} disabled={busy}>
          {labels.no}
        </Button>
        <Button variant="primary" onClick={confirm} disabled={busy}>
          {labels.yes}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
