import StatusBadge from '../../components/StatusBadge';
import type { Locale } from '../../i18n/locales';
import { formatDateTime, type DateFormatOptions } from '../../lib/format';
import type { SupportMessage, SupportRow } from '../../shared/support/support-input';
import type { Labels } from '../../lib/labels';

/** The thread's messages: their authors, the note badge and a reply's mail state. */
export const messageListLabelKeys = {
  messages: 'support.thread.messages',
  formerUser: 'support.formerUser',
  formerAdmin: 'support.thread.formerAdmin',
  note: 'support.thread.note',
  notMailed: 'support.thread.notMailed',
  sending: 'support.thread.sending',
  resend: 'support.thread.resend',
} as const;

interface SupportMessageListProps {
  query: SupportRow;
  messages: readonly SupportMessage[];
  locale: Locale;
  dates: DateFormatOptions;
  labels: Labels<typeof messageListLabelKeys>;
  busy: boolean;
  /** Left out when the admin may not reply. */
  onResend?: (message: SupportMessage) => void;
}

/** The user's message and everything after it, oldest first; internal notes are set apart and marked. */
export default function SupportMessageList(props: SupportMessageListProps) {
  const { query, labels, locale } = props;
  const userName = query.user?.name ?? labels.formerUser;
  const first: SupportMessage = {
    id: 0,
    kind: 'user',
    message: query.message,
    author: null,
    mail_state: null,
    created_at: query.created_at,
  };
  return (
    <ol className="list-unstyled app-support-thread" aria-label={labels.messages}>
      {[first, ...props.messages].map((entry) => (
        <li
          key={`${entry.kind}-${entry.id}`}
          className={`app-support-message app-support-message-${entry.kind}`}
        >
          <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
            <strong>{entry.kind === 'user' ? userName : (entry.author?.name ?? labels.formerAdmin)}</strong>
            <time className="small text-body-secondary" dateTime={entry.created_at}>
              {formatDateTime(entry.created_at, locale, props.dates)}
            </time>
            {entry.kind === 'note' && <StatusBadge tone="warning" label={labels.note} />}
          </div>
          {/* A person's own words read in their own direction, whatever the layout's. */}
          <p className="mb-0 app-support-text" dir="auto">
            {entry.message}
          </p>
          {entry.kind === 'reply' && entry.mail_state === 'failed' && props.onResend && (
            <div className="d-flex align-items-center gap-2 mt-2 small">
              <span className="text-danger-emphasis">{labels.notMailed}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                disabled={props.busy}
                onClick={() => props.onResend?.(entry)}
              >
                {labels.resend}
              </button>
            </div>
          )}
          {entry.kind === 'reply' && entry.mail_state === 'sending' && (
            <div className="small text-body-secondary mt-2">{labels.sending}</div>
          )}
        </li>
      ))}
    </ol>
  );
}
