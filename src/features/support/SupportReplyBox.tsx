import { useRef, useState, type SubmitEvent } from 'react';
import { describeFailure } from '../../lib/api-failure';
import { idempotencyKeys } from '../notifications/idempotency-key';
import { SUPPORT_MESSAGE_MAX } from '../../shared/support/support-input';
import type { Labels } from '../../lib/labels';

/** The reply form's words. */
export const replyLabelKeys = {
  message: 'support.thread.message',
  messageHint: 'support.thread.messageHint',
  sendReply: 'support.thread.sendReply',
  addNote: 'support.thread.addNote',
} as const;

interface SupportReplyBoxProps {
  queryId: number;
  labels: Labels<typeof replyLabelKeys>;
  required: string;
  unreachable: string;
  onReply: (message: string, key: string) => Promise<void>;
  onNote: (message: string) => Promise<void>;
}

/**
 * One text box, two ways out: "Send reply" mails it to the user, "Add internal note" keeps it
 * among admins. A reply carries an Idempotency-Key for its exact text, so a double click or a
 * retry after a lost answer mails once.
 */
export default function SupportReplyBox(props: SupportReplyBoxProps) {
  const { labels } = props;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(idempotencyKeys());
  const box = useRef<HTMLTextAreaElement>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
    const message = text.trim();
    if (!message) {
      setError(props.required);
      box.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (submitter?.value === 'note') await props.onNote(message);
      else await props.onReply(message, keys.current.keyFor({ id: props.queryId, message }));
      keys.current.forget();
      setText('');
      setError(null);
    } catch (failure) {
      const described = describeFailure(failure, props.unreachable);
      setError(described.fields.message ?? described.message);
      box.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="app-support-reply">
      <label htmlFor={`support-message-${props.queryId}`} className="form-label">
        {labels.message}
      </label>
      <textarea
        ref={box}
        id={`support-message-${props.queryId}`}
        name="message"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`support-message-${props.queryId}-hint${error ? ` support-message-${props.queryId}-error` : ''}`}
      />
      <div id={`support-message-${props.queryId}-hint`} className="form-text">
        {labels.messageHint}
      </div>
      {error && (
        <div id={`support-message-${props.queryId}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" name="intent" value="reply" className="btn btn-primary" disabled={busy}>
          {labels.sendReply}
        </button>
        <button type="submit" name="intent" value="note" className="btn btn-outline-primary" disabled={busy}>
          {labels.addNote}
        </button>
      </div>
    </form>
  );
}
