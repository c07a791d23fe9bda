import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from '@simplewebauthn/browser';
import { api } from '../../lib/api-client';
import { describeFailure } from '../../lib/api-failure';

/**
 * Signing in with a passkey, on the login page (alone: `otpToken: null`, with the browser's
 * autofill where it offers passkeys there) and on the second step (after the password: the pending
 * sign-in cookie names it). The buttons are in the server's HTML, hidden until this runs: without
 * script there is nothing to press, and the page says passkeys need it.
 */
async function signIn(alone: boolean, autofill: boolean): Promise<void> {
  const json = alone ? { otpToken: null } : {};
  const options = await api('/api/admin/passkeysigninoptions', {
    json,
  });
  const response = await startAuthentication({
    optionsJSON: options.ResponseBody!,
    useBrowserAutofill: autofill,
  });
  await api('/api/admin/passkeysignin', { json: { ...json, response } });
  window.location.assign('/dashboard');
}

function showError(button: HTMLElement, error: unknown): void {
  // A person who closed the browser's passkey prompt did not fail: say nothing.
  if (error instanceof Error && error.name === 'NotAllowedError') return;
  const box = document.querySelector<HTMLElement>('[data-passkey-error]');
  if (!box) return;
  box.textContent =
    describeFailure(error, button.dataset['unreachable'] ?? '').message || box.dataset['fallback'] || '';
  box.hidden = false;
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-passkey-sign-in]')) {
  if (!browserSupportsWebAuthn()) continue;
  const alone = button.dataset['passkeySignIn'] === 'alone';
  button.hidden = false;
  button.addEventListener('click', () => {
    button.disabled = true;
    signIn(alone, false)
      .catch((error: unknown) => showError(button, error))
      .finally(() => (button.disabled = false));
  });
  if (alone) {
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported) signIn(true, true).catch(() => undefined);
    });
  }
}
