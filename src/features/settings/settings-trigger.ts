import { labelsOf, loadOnce } from '../../components/on-demand';
import { followUiSettings } from './follow-ui-settings';
import type { settingsLabelKeys } from './settings-labels';
import type { Labels } from '../../lib/labels';

// Every signed-in page follows the look at once (other tabs' changes, the cookie the server
// paints from); only the drawer that changes it waits for its first use.
followUiSettings();

const button = document.querySelector<HTMLElement>('[data-settings-open]');
if (button) {
  const widget = loadOnce(async () => {
    const { settingsDrawer } = await import('./settings-widget');
    settingsDrawer.$open.subscribe((open) => button.setAttribute('aria-expanded', String(open)));
    return settingsDrawer;
  });
  button.addEventListener('click', () => {
    void widget().then((drawer) =>
      drawer.open({ labels: labelsOf<Labels<typeof settingsLabelKeys>>(button) }),
    );
  });
}
