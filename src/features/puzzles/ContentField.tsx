import { useContext, useMemo, useRef, useState } from 'react';
import { FormErrorsContext } from '../../components/form-errors-context';
import { fill } from '../../lib/labels';
import type { PuzzleLabels } from './puzzles-labels';

interface ContentFieldProps {
  defaultValue: string;
  labels: PuzzleLabels;
}

/** The line a message names ("Line 12: …" in any catalogue's wording: the first number in it). */
const lineIn = (message: string) => Number(/\d+/.exec(message)?.[0] ?? 0);

/**
 * The puzzle's content as plain monospace text with a line-number gutter and the caret's line.
 * Errors for `content` and for paths inside it (`content.grid[2][3]`) are listed under the field,
 * each naming its line, with the gutter marking those lines; the list is the field's description.
 */
export default function ContentField({ defaultValue, labels }: ContentFieldProps) {
  const { idPrefix, errors } = useContext(FormErrorsContext);
  const id = `${idPrefix}-content`;
  const [text, setText] = useState(defaultValue);
  const [caret, setCaret] = useState(1);
  const gutter = useRef<HTMLDivElement>(null);
  const found = Object.entries(errors).filter(
    ([field]) => field === 'content' || field.startsWith('content.'),
  );
  const bad = useMemo(() => new Set(found.map(([, message]) => lineIn(message))), [found]);
  const lines = text.split('\n').length;
  const invalid = found.length > 0;
  const follow = (area: HTMLTextAreaElement) =>
    setCaret(area.value.slice(0, area.selectionStart).split('\n').length);

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {labels.contentField}
      </label>
      <div className={`app-code-field${invalid ? ' is-invalid' : ''}`}>
        <div ref={gutter} className="app-code-gutter" aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => (
            <div key={i} className={bad.has(i + 1) ? 'app-code-bad' : undefined}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          id={id}
          name="content"
          className={`form-control app-code-text${invalid ? ' is-invalid' : ''}`}
          rows={14}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={[`${id}-hint`, invalid ? `${id}-error` : undefined].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.currentTarget.value);
            follow(event.currentTarget);
          }}
          onSelect={(event) => follow(event.currentTarget)}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
      </div>
      <div id={`${id}-hint`} className="form-text d-flex justify-content-between gap-2">
        <span>{labels.contentHint}</span>
        <span>{fill(labels.cursor, { line: caret, total: lines })}</span>
      </div>
      {invalid && (
        <ul id={`${id}-error`} className="invalid-feedback d-block list-unstyled mb-0">
          {found.map(([field, message]) => (
            <li key={field}>
              {field !== 'content' && <code>{field}</code>} {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
