import { useRef, useState, type ChangeEvent } from 'react';
import { fill } from '../lib/labels';
import { IMAGE_ACCEPT, imageProblem, MAX_IMAGE_BYTES, readAsDataUrl } from '../lib/image-check';
import { useFieldError } from './form-errors-context';

export const imageFieldLabelKeys = {
  choose: 'imageField.choose',
  replace: 'imageField.replace',
  remove: 'imageField.remove',
  hint: 'imageField.hint',
  wrongType: 'imageField.wrongType',
  tooLarge: 'imageField.tooLarge',
  unreadable: 'imageField.unreadable',
  preview: 'imageField.preview',
} as const;

export type ImageFieldLabels = Record<keyof typeof imageFieldLabelKeys, string>;

interface ImageFieldProps {
  /** The file field's name (`profile`). */
  name: string;
  label: string;
  /** The image saved now (a same-origin URL), if any. */
  current?: string | null;
  /** Sent as `true` when a saved image is removed (`remove_profile`). */
  removeName: string;
  labels: ImageFieldLabels;
}

/**
 * An image to upload with a preview: choose, replace, remove. The browser checks type and size
 * first so a wrong file is refused at once; the server's check (magic bytes, pixels) is the real one.
 */
export default function ImageField({ name, label, current, removeName, labels }: ImageFieldProps) {
  const field = useFieldError(name);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(current ?? null);
  const [removed, setRemoved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? field.error;
  const hintId = `${field.id}-hint`;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const box = event.currentTarget;
    if (!file) return;
    const found = imageProblem(file);
    if (found) {
      box.value = '';
      const megabytes = MAX_IMAGE_BYTES / 1024 / 1024;
      setProblem(found === 'type' ? labels.wrongType : fill(labels.tooLarge, { size: megabytes }));
      return;
    }
    try {
      setPreview(await readAsDataUrl(file));
      setProblem(null);
      setRemoved(false);
    } catch {
      box.value = '';
      setProblem(labels.unreadable);
    }
  }

  function remove() {
    if (input.current) input.current.value = '';
    setPreview(null);
    setProblem(null);
    setRemoved(Boolean(current));
    input.current?.focus();
  }

  return (
    <div className="mb-3">
      <span className="form-label d-block" id={`${field.id}-label`}>
        {label}
      </span>
      <div className="app-image-field">
        {preview ? (
          <img className="app-image-preview" src={preview} alt={labels.preview} width="96" height="96" />
        ) : (
          <span className="app-image-preview" aria-hidden="true" />
        )}
        <div className="d-grid gap-2">
          <input
            ref={input}
            id={field.id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            className={`app-image-input${error ? ' is-invalid' : ''}`}
            aria-labelledby={`${field.id}-label ${field.id}-button`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${field.errorId}` : hintId}
            onChange={choose}
          />
          {/* The input is visually hidden; this label is what the eye and the pointer use. */}
          <label id={`${field.id}-button`} htmlFor={field.id} className="btn btn-sm btn-outline-primary mb-0">
            {preview ? labels.replace : labels.choose}
          </label>
          {preview && (
            <button type="button" className="btn btn-sm btn-danger" onClick={remove}>
              {labels.remove}
            </button>
          )}
        </div>
      </div>
      {removed && <input type="hidden" name={removeName} value="true" />}
      <div id={hintId} className="form-text">
        {labels.hint}
      </div>
      {error && (
        <div id={field.errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
