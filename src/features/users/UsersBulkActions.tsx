import { IconBan, IconBell, IconCircleCheck } from '@tabler/icons-react';
import type { UserStatus } from './user-input';
import type { BulkTarget } from './users-api';
import type { UserLabels } from './users-labels';
import { notifyLink } from './users-links';

interface UsersBulkActionsProps {
  target: BulkTarget;
  labels: UserLabels;
  /** Left out when the admin may not block users. */
  onStatus?: (status: UserStatus) => void;
  /** Whether the admin may write to this selection (everyone matching is a broadcast). */
  notify: boolean;
}

/** What the bulk bar offers for the selected users: block, unblock, or write to them. */
export default function UsersBulkActions({ target, labels, onStatus, notify }: UsersBulkActionsProps) {
  return (
    <>
      {onStatus && (
        <>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => onStatus('blocked')}>
            <IconBan size={16} aria-hidden="true" /> {labels.block}
          </button>
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onStatus('active')}>
            <IconCircleCheck size={16} aria-hidden="true" /> {labels.unblock}
          </button>
        </>
      )}
      {notify && (
        <a className="btn btn-sm btn-outline-primary" href={notifyLink(target)}>
          <IconBell size={16} aria-hidden="true" /> {labels.notify}
        </a>
      )}
    </>
  );
}
