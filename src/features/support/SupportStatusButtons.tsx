import type { Labels } from '../../lib/labels';
import { SUPPORT_STATUSES, type SupportStatus } from '../../shared/support/support-input';

/** The status buttons: one per status the query may move to, "Reopen" for a resolved one. */
export const threadStatusLabelKeys = {
  group: 'support.thread.statusGroup',
  open: 'support.thread.markOpen',
  in_progress: 'support.thread.markInProgress',
  resolved: 'support.thread.markResolved',
  reopen: 'support.thread.reopen',
} as const satisfies Record<SupportStatus | 'group' | 'reopen', string>;

interface SupportStatusButtonsProps {
  status: SupportStatus;
  /** A change under way: the buttons wait. */
  busy: boolean;
  labels: Labels<typeof threadStatusLabelKeys>;
  onChange: (next: SupportStatus) => void;
}

/**
 * Moves a query to another status. Outlined, all of them: the thread's one primary action is
 * "Send reply" (SupportReplyBox).
 */
export default function SupportStatusButtons({ status, busy, labels, onChange }: SupportStatusButtonsProps) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={labels.group}>
      {SUPPORT_STATUSES.filter((next) => next !== status).map((next) => (
        <button
          key={next}
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={busy}
          onClick={() => onChange(next)}
        >
          {status === 'resolved' && next === 'open' ? labels.reopen : labels[next]}
        </button>
      ))}
    </div>
  );
}
