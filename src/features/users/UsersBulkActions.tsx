import { IconBan, IconBell, IconCircleCheck } from '@tabler/icons-react';
import type { BulkTarget } from './users-api';
import type { UserLabels } from './users-labels';
import { notifyLink } from './users-links';

interface UsersBulkActionsProps {
  target: BulkTarget;
  labels: UserLabels;
  /** Left out when the admin may not block users, or when no selected user is active. */
  onBlock?: () => void;
  /** Left out when the admin may not unblock users, or when no selected user is blocked. */
  onUnblock?: () => void;
  /** Whether the admin may write to this selection (everyone matching is a broadcast). */
  notify: boolean;
}

/** What the bulk bar offers for the selected users: only what applies (block, unblock), or write to them. */
export default function UsersBulkActions({
  target,
  labels,
  onBlock,
  onUnblock,
  notify,
}: UsersBulkActionsProps) {
  return (
    <>
      {onBlock && (
        <button type="button" className="btn btn-sm btn-danger" onClick={onBlock}>
          <IconBan size={16} aria-hidden="true" /> {labels.block}
        </button>
      )}
      {onUnblock && (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onUnblock}>
          <IconCircleCheck size={16} aria-hidden="true" /> {labels.unblock}
        </button>
      )}
      {notify && (
        <a className="btn btn-sm btn-outline-primary" href={notifyLink(target)}>
          <IconBell size={16} aria-hidden="true" /> {labels.notify}
        </a>
      )}
    </>
  );
}
