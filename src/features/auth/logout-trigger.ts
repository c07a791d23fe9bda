import { labelsOf, loadOnce } from '../../components/on-demand';
import type { LogoutDialogProps } from './LogoutDialog';

/**
 * The account menu's Logout form asks first once this runs: the submit opens the confirmation, whose
 * code loads on that first use. Should it fail to load, the form posts as it would without
 * JavaScript, so Logout always works.
 */
const form = document.querySelector<HTMLFormElement>('form[data-logout]');
if (form) {
  const widget = loadOnce(() => import('./logout-widget'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // The account menu closes first and its button takes focus, which the dialog gives back to.
    const menu = form.closest('details');
    if (menu) {
      menu.open = false;
      menu.querySelector<HTMLElement>('summary')?.focus();
    }
    widget().then(
      ({ logoutDialog }) => logoutDialog.open({ labels: labelsOf<LogoutDialogProps['labels']>(form) }),
      () => form.submit(),
    );
  });
}
