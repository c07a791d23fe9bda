import { useStore } from '@nanostores/react';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { $online, followConnection } from '../../stores/connection';
import { showSnackbar } from '../../stores/snackbar';
import { blockPageExcept } from './block-page';

export interface OfflineGuardLabels {
  offline: string;
  restored: string;
}

/** The error alert over a translucent layer; while it is up, the rest of the page is inert. */
function OfflineLayer({ message }: { message: string }) {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => (layer.current ? blockPageExcept(layer.current) : undefined), []);
  return (
    <div ref={layer} className="app-offline">
      <div className="toast show text-bg-danger app-snackbar app-offline-alert" role="alert">
        <div className="app-snackbar-body">
          <IconWifiOff className="app-snackbar-icon" size={22} aria-hidden="true" />
          <p className="app-snackbar-message">{message}</p>
        </div>
      </div>
    </div>
  );
}

/**
 * Follows the browser's connection. Offline: an alert at the bottom centre, with no close button,
 * that blocks the page (pointer and keyboard). Back online: the block lifts and a success snackbar
 * says so.
 */
export default function OfflineGuard({ labels }: { labels: OfflineGuardLabels }) {
  const online = useStore($online);
  useEffect(() => followConnection(), []);
  useEffect(
    () =>
      $online.listen((now) => {
        if (now) showSnackbar({ message: labels.restored, variant: 'alert', severity: 'success' });
      }),
    [labels.restored],
  );
  // A portal straight under <body>, so blocking the body's other children leaves it alone.
  return online ? null : createPortal(<OfflineLayer message={labels.offline} />, document.body);
}
