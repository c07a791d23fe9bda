import { IconTrash } from '@tabler/icons-react';
import { useId, useState, type SubmitEvent } from 'react';
import RowActionButton from '../../../components/RowActionButton';
import type { Locale } from '../../../i18n/locales';
import { api } from '../../../lib/api-client';
import { describeFailure } from '../../../lib/api-failure';
import { formatDateTime } from '../../../lib/format';
import { fill } from '../../../lib/labels';
import { NOTE_MAX, type NoteRow } from '../../../shared/users/ban-input';
import { showSnackbar } from '../../../stores/snackbar';
import type { NotesLabels } from './player-labels';

export interface PlayerNotesProps {
  userId: number;
  initialNotes: NoteRow[];
  locale: Locale;
  /** The signed-in admin, who may delete their own notes. */
  adminId: number;
  /** An Owner may delete anyone's. */
  isOwner: boolean;
  /** Writing needs `users.edit`. */
  canWrite: boolean;
  labels: NotesLabels;
}

/** Admins' notes on a player: newest first, a form to add one, delete for its author or an Owner. */
export default function PlayerNotes(props: PlayerNotesProps) {
  const { labels, locale } = props;
  const id = useId();
  const [notes, setNotes] = useState(props.initialNotes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => describeFailure(failure, labels.unreachable).message;

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const text = String(new FormData(form).get('text') ?? '').trim();
    if (!text) return setError(labels.empty);
    setBusy(true);
    try {
      const answer = await api('/api/admin/addusernote', { json: { user_id: props.userId, text } });
      const note = answer.ResponseBody;
      if (note) setNotes((current) => [note, ...current]);
      form.reset();
      setError(null);
      showSnackbar({ message: answer.ResponseMessage, severity: 'success' });
    } catch (failure) {
      setError(failed(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(note: NoteRow) {
    try {
      const answer = await api('/api/admin/deleteusernote', { json: { id: note.id } });
      setNotes((current) => current.filter((one) => one.id !== note.id));
      showSnackbar({ message: answer.ResponseMessage, severity: 'success' });
    } catch (failure) {
      showSnackbar({ message: failed(failure), variant: 'alert', severity: 'error' });
    }
  }

  return (
    <>
      {props.canWrite && (
        <form onSubmit={add} noValidate className="mb-3">
          <label htmlFor={`${id}-text`} className="form-label">
            {labels.text}
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            className={`form-control${error ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={NOTE_MAX}
            aria-invalid={error !== null}
            aria-describedby={`${id}-hint`}
          />
          <div id={`${id}-hint`} className={error ? 'invalid-feedback' : 'form-text'}>
            {error ?? labels.hint}
          </div>
          <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={busy} aria-busy={busy}>
            {labels.add}
          </button>
        </form>
      )}
      {notes.length === 0 ? (
        <p className="text-body-secondary mb-0">{labels.none}</p>
      ) : (
        <ul className="list-unstyled mb-0 app-player-notes">
          {notes.map((note) => {
            const date = formatDateTime(note.created_at, locale);
            const mine = note.author?.id === props.adminId;
            return (
              <li key={note.id} className="border-bottom py-2 d-flex gap-2 align-items-start">
                <div className="flex-grow-1">
                  <p className="mb-1 app-note-text">{note.text}</p>
                  <p className="small text-body-secondary mb-0">
                    {fill(labels.byOn, { name: note.author?.name ?? labels.removedAdmin, date })}
                  </p>
                </div>
                {props.canWrite && (mine || props.isOwner) && (
                  <RowActionButton
                    label={fill(labels.delete, { date })}
                    icon={IconTrash}
                    onClick={() => void remove(note)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
