import { api } from '../../lib/api-client';
import { flashCookie } from '../../shared/feedback/flash';
import { showSnackbar } from '../../stores/snackbar';
import { describeFailure } from '../../lib/api-failure';

/**
 * The Roles matrix's "Requires a second factor" boxes (Owners): each change is a `saverole` with
 * `require_mfa` (a fresh confirmation may be asked first), then the page is drawn again.
 */
for (const box of document.querySelectorAll<HTMLInputElement>('[data-require-mfa]')) {
  box.addEventListener('change', () => {
    const role = JSON.parse(box.dataset['requireMfa'] ?? '{}') as Record<string, unknown>;
    box.disabled = true;
    api('/api/admin/saverole', { json: { ...role, require_mfa: box.checked } })
      .then(() => {
        document.cookie = flashCookie('roles.done.saved', 'success', {
          secure: window.location.protocol === 'https:',
        });
        window.location.reload();
      })
      .catch((failure: unknown) => {
        box.checked = !box.checked;
        box.disabled = false;
        showSnackbar({ message: describeFailure(failure, '').message, severity: 'error' });
      });
  });
}
