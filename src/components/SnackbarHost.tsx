import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconInfoCircle,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import {
  $snackbars,
  closeSnackbar,
  pauseSnackbar,
  resumeSnackbar,
  runSnackbarAction,
  type Snackbar,
  type SnackbarAnchor,
  type SnackbarSeverity,
} from '../stores/snackbar';
import { followWithExits, type Presence } from './snackbar-presence';

export interface SnackbarHostLabels {
  close: string;
  /** Read out before each message, so its meaning does not rest on colour and icon alone. */
  severity: Record<SnackbarSeverity, string>;
}

/** Matches the longest exit animation in src/styles/_feedback.scss. */
const EXIT_MS = 220;
/**
 * One look per kind, whatever the variant: its colour and its icon (the variant says only how
 * urgently a screen reader is told). A success looks the same after a save as after a reconnect.
 */
const BACKGROUNDS: Record<SnackbarSeverity, string> = {
  success: 'text-bg-success',
  error: 'text-bg-danger',
  warning: 'text-bg-warning',
  info: 'text-bg-secondary',
};
const ICONS = {
  success: IconCircleCheck,
  error: IconAlertCircle,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
} as const;

function SnackbarItem({
  snackbar,
  leaving,
  labels,
}: {
  snackbar: Snackbar;
  leaving: boolean;
  labels: SnackbarHostLabels;
}) {
  const { id, severity } = snackbar;
  const alert = snackbar.variant === 'alert';
  const Icon = ICONS[severity];
  // The countdown waits while the pointer or the focus is on it, and resumes when both have left.
  const hold = useRef({ hover: false, focus: false });
  const holdFor = (change: Partial<typeof hold.current>) => {
    Object.assign(hold.current, change);
    if (hold.current.hover || hold.current.focus) pauseSnackbar(id);
    else resumeSnackbar(id);
  };
  const blur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) holdFor({ focus: false });
  };

  return (
    <div
      className={`toast show app-snackbar ${BACKGROUNDS[severity]}${leaving ? ' is-leaving' : ''}`}
      data-transition={snackbar.transition}
      role={alert ? 'alert' : 'status'}
      aria-live={alert ? 'assertive' : 'polite'}
      aria-atomic="true"
      inert={leaving}
      onMouseEnter={() => holdFor({ hover: true })}
      onMouseLeave={() => holdFor({ hover: false })}
      onFocus={() => holdFor({ focus: true })}
      onBlur={blur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeSnackbar(id);
      }}
    >
      <div className="app-snackbar-body">
        <Icon className="app-snackbar-icon" size={22} aria-hidden="true" />
        <p className="app-snackbar-message">
          <span className="visually-hidden">{`${labels.severity[severity]} `}</span>
          <span>{snackbar.message}</span>
        </p>
        {snackbar.action && (
          <button
            type="button"
            className="btn btn-sm app-snackbar-btn app-snackbar-action"
            onClick={() => runSnackbarAction(id)}
          >
            {snackbar.action.label}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm app-snackbar-btn app-snackbar-close"
          aria-label={labels.close}
          onClick={() => closeSnackbar(id)}
        >
          <IconX size={18} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/**
 * Draws the snackbars of src/stores/snackbar.ts, one stack per corner they are anchored to.
 * Nothing here closes a snackbar on a click elsewhere: only its timeout, its close button, its
 * action or Escape while focus is inside it.
 */
export default function SnackbarHost({ labels }: { labels: SnackbarHostLabels }) {
  const [view, setView] = useState<Presence<Snackbar>[]>([]);
  useEffect(() => followWithExits($snackbars, EXIT_MS, setView), []);

  const stacks = new Map<string, { anchor: SnackbarAnchor; entries: Presence<Snackbar>[] }>();
  for (const entry of view) {
    const { anchor } = entry.item;
    const key = `${anchor.vertical}-${anchor.horizontal}`;
    stacks.set(key, { anchor, entries: [...(stacks.get(key)?.entries ?? []), entry] });
  }
  return (
    <>
      {[...stacks].map(([key, { anchor, entries }]) => (
        <div
          key={key}
          className={`app-snackbars app-snackbars-${anchor.vertical} app-snackbars-${anchor.horizontal}`}
        >
          {/* The newest sits nearest the edge the stack is anchored to. */}
          {(anchor.vertical === 'top' ? [...entries].reverse() : entries).map(({ item, leaving }) => (
            <SnackbarItem key={item.id} snackbar={item} leaving={leaving} labels={labels} />
          ))}
        </div>
      ))}
    </>
  );
}
