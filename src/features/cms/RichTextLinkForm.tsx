import { useId, useState, type KeyboardEvent } from 'react';
import { isAllowedLinkUrl } from '../../lib/link-url';
import type { CmsLabels } from './cms-labels';

interface RichTextLinkFormProps {
  /** The selection's link, when it is in one. */
  current: string | null;
  labels: CmsLabels;
  /** null removes the link. */
  onApply: (url: string | null) => void;
  onCancel: () => void;
}

/**
 * The address of a link, asked inline under the toolbar (not a nested form: it sits inside the
 * page's form, so Enter applies it here instead of saving the page).
 */
export default function RichTextLinkForm({ current, labels, onApply, onCancel }: RichTextLinkFormProps) {
  const id = useId();
  const [url, setUrl] = useState(current ?? '');
  const [invalid, setInvalid] = useState(false);

  function apply() {
    const value = url.trim();
    // The same rule as the sanitizer's (src/server/cms/sanitize.ts): what is applied here is kept.
    if (!isAllowedLinkUrl(value)) return setInvalid(true);
    onApply(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <div className="app-rte-link d-flex flex-wrap align-items-start gap-2">
      <div className="flex-grow-1">
        <label htmlFor={`${id}-url`} className="visually-hidden">
          {labels.linkUrl}
        </label>
        <input
          id={`${id}-url`}
          // Text, not "url": a site path (/about) is a valid link, and the page's own form must not
          // refuse to save over this box's native rule.
          type="text"
          inputMode="url"
          autoComplete="off"
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          value={url}
          placeholder={labels.linkPlaceholder}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          // Opened by the toolbar's Link button on purpose: the address is what comes next.
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={onKeyDown}
        />
        {invalid && (
          <div id={`${id}-error`} className="invalid-feedback">
            {labels.linkInvalid}
          </div>
        )}
      </div>
      <button type="button" className="btn btn-sm btn-primary" onClick={apply}>
        {labels.linkApply}
      </button>
      {current && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onApply(null)}>
          {labels.linkRemove}
        </button>
      )}
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onCancel}>
        {labels.cancel}
      </button>
    </div>
  );
}
