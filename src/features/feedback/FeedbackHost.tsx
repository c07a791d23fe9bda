import { useEffect } from 'react';
import SnackbarHost from '../../components/SnackbarHost';
import { listenForSnackbarEvents, showSnackbar } from '../../stores/snackbar';
import type { Labels } from '../../lib/labels';
import { clearFlashCookie, flashSnackbar, type FlashMessage } from '../../shared/feedback/flash';
import OfflineGuard from './OfflineGuard';

export const feedbackLabelKeys = {
  close: 'snackbar.close',
  success: 'snackbar.severity.success',
  error: 'snackbar.severity.error',
  warning: 'snackbar.severity.warning',
  info: 'snackbar.severity.info',
  offline: 'offline.lost',
  restored: 'offline.restored',
} as const;

export interface FeedbackHostProps {
  labels: Labels<typeof feedbackLabelKeys>;
  /** The flash cookie's message, already translated by the layout; shown once, then the cookie goes. */
  flash?: FlashMessage | null;
}

// From the moment this module loads, before hydration ends, so a script's early snackbar is kept.
if (typeof window !== 'undefined') listenForSnackbarEvents();

/**
 * The one feedback island per page: draws the snackbars, shows the server's flash message,
 * lets plain scripts show snackbars through the `app:snackbar` window event, and guards the page
 * while the browser is offline. `<html data-feedback="ready">` says it is all running.
 */
export default function FeedbackHost({ labels, flash = null }: FeedbackHostProps) {
  useEffect(() => {
    if (flash) showSnackbar(flashSnackbar(flash));
    clearFlashCookie();
    // Children's effects ran first: snackbars are drawn and the connection is followed from here on.
    document.documentElement.dataset['feedback'] = 'ready';
  }, [flash]); // once: an island's props do not change after hydration
  const { close, success, error, warning, info, offline, restored } = labels;
  return (
    <>
      <SnackbarHost labels={{ close, severity: { success, error, warning, info } }} />
      <OfflineGuard labels={{ offline, restored }} />
    </>
  );
}
