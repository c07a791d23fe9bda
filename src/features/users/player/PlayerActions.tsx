import { IconBan, IconBell, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import ConfirmDialog, { type ConfirmLabels } from '../../../components/ConfirmDialog';
import type { Locale } from '../../../i18n/locales';
import { describeFailure } from '../../../lib/api-failure';
import { fill } from '../../../lib/labels';
import BanDialog from '../BanDialog';
import type { BanLabels } from '../ban-labels';
import { banUser, liftBan } from '../users-api';

export interface PlayerActionsProps {
  userId: number;
  name: string;
  banned: boolean;
  locale: Locale;
  /** Ban and lift: only for a role with `users.block`. */
  canBlock: boolean;
  /** The composer, addressed to this player: only for a role that may send. */
  notifyHref: string | null;
  labels: { ban: BanLabels; confirm: ConfirmLabels; notify: string; unreachable: string };
}

/**
 * The player page's actions the role allows. After a ban or a lift the page is drawn again from
 * the server, so the standing, the history and the trail all show the change together.
 */
export default function PlayerActions(props: PlayerActionsProps) {
  const { labels } = props;
  const [asking, setAsking] = useState<'ban' | 'lift' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => {
    setError(describeFailure(failure, labels.unreachable).message);
    throw failure;
  };
  const close = () => {
    setAsking(null);
    setError(null);
  };
  const values = { name: props.name };

  return (
    <div className="d-flex flex-wrap gap-2">
      {props.canBlock &&
        (props.banned ? (
          <button type="button" className="btn btn-outline-primary" onClick={() => setAsking('lift')}>
            <IconCircleCheck size={18} aria-hidden="true" /> {labels.ban.lift}
          </button>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => setAsking('ban')}>
            <IconBan size={18} aria-hidden="true" /> {labels.ban.confirm}
          </button>
        ))}
      {props.notifyHref && (
        <a className="btn btn-outline-primary" href={props.notifyHref}>
          <IconBell size={18} aria-hidden="true" /> {labels.notify}
        </a>
      )}
      {props.canBlock && (
        <>
          <BanDialog
            show={asking === 'ban'}
            title={fill(labels.ban.title, values)}
            locale={props.locale}
            labels={labels.ban}
            error={error}
            onConfirm={({ reason, until }) =>
              banUser(props.userId, reason, until).then(() => window.location.reload(), failed)
            }
            onCancel={close}
          />
          <ConfirmDialog
            show={asking === 'lift'}
            title={fill(labels.ban.liftTitle, values)}
            message={labels.ban.liftMessage}
            confirmLabel={labels.ban.lift}
            labels={labels.confirm}
            error={error}
            onConfirm={() => liftBan(props.userId).then(() => window.location.reload(), failed)}
            onCancel={close}
          />
        </>
      )}
    </div>
  );
}
