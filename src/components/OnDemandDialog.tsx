import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** What an on-demand dialog is told: whether it shows, and how to ask to be hidden. */
export interface OnDemandDialogProps {
  open: boolean;
  onHide: () => void;
}

/**
 * A dialog loaded on first use (on-demand.ts) gets its own React root at the end of <body> the
 * first time it opens; after that it only shows and hides. Its trigger stays the server's HTML,
 * so focus returns to it when the dialog closes (react-bootstrap restores the focus it found).
 * `$open` lets the trigger follow the state (aria-expanded).
 */
export function onDemandDialog<Props extends OnDemandDialogProps>(Dialog: ComponentType<Props>) {
  type OwnProps = Omit<Props, keyof OnDemandDialogProps>;
  const $open = atom(false);
  const hide = () => $open.set(false);
  function Host(props: OwnProps) {
    const open = useStore($open);
    return <Dialog {...(props as Props)} open={open} onHide={hide} />;
  }
  let mounted = false;
  return {
    $open,
    open(props: OwnProps): void {
      if (!mounted) {
        mounted = true;
        const host = document.createElement('div');
        document.body.append(host);
        createRoot(host).render(<Host {...props} />);
      }
      $open.set(true);
    },
  };
}
