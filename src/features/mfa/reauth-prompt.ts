import { loadOnce, labelsOf } from '../../components/on-demand';
import { setReauthPrompt } from '../../lib/api-client';
import type { ReauthLabels } from './mfa-labels';

/**
 * On every signed-in page: the api client asks here when a sensitive action needs a fresh
 * confirmation. The dialog's code is fetched only then; its words come translated in the page
 * (`data-reauth-labels`, AdminLayout).
 */
const loadDialog = loadOnce(() => import('./reauth-widget'));

// The dialog keeps the props of its first opening: it answers whoever asked last through this.
let answer: ((confirmed: boolean) => void) | null = null;
const onDone = (confirmed: boolean) => {
  answer?.(confirmed);
  answer = null;
};

setReauthPrompt(async () => {
  const holder = document.querySelector<HTMLElement>('[data-reauth-labels]');
  if (!holder) return false;
  const { reauthDialog } = await loadDialog();
  return new Promise<boolean>((resolve) => {
    answer?.(false);
    answer = resolve;
    reauthDialog.open({ labels: labelsOf<ReauthLabels>(holder), onDone });
  });
});
