import { IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useFieldError } from '../../components/form-errors-context';
import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { UserPick } from '../users/user-input';
import { useUserPicks } from '../users/use-user-picks';
import type { ComposerLabels } from './notifications-labels';

interface RecipientPickerProps {
  chosen: readonly UserPick[];
  onChange: (chosen: UserPick[]) => void;
  locale: Locale;
  words: ComposerLabels;
}

/**
 * Users as chips, added through a combobox over `admin/get-users` (debounced, the older request
 * aborted: useUserPicks). Focus stays in the box; arrow keys move through the suggestions
 * (aria-activedescendant), Enter adds one, Escape closes them, Backspace in the empty box removes
 * the last chip. Each chip's button names whom it removes. The ids ride in the form as `user_ids`,
 * whose errors (the server's too) show here.
 */
export default function RecipientPicker({ chosen, onChange, locale, words }: RecipientPickerProps) {
  const { id, error, errorId, invalid } = useFieldError('user_ids');
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  // Suggestions show only while the box has the focus: leaving it must not leave a list over the form.
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const found = useUserPicks(text);
  const taken = new Set(chosen.map((user) => user.id));
  const options = (found ?? []).filter((user) => !taken.has(user.id));
  const open = focused && text.trim() !== '' && options.length > 0;

  // A new answer starts the choice over at the top.
  useEffect(() => setActive(0), [found]);

  function add(user: UserPick) {
    onChange([...chosen, user]);
    setText('');
    setSaid(fill(words.added, { name: user.name }));
  }

  function remove(user: UserPick, refocus: boolean) {
    onChange(chosen.filter((other) => other.id !== user.id));
    setSaid(fill(words.removed, { name: user.name }));
    // The chip and its button are gone: the box is the natural place to carry on.
    if (refocus) input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter') {
      // Enter in the box never sends the form: a half-typed name is not a choice.
      event.preventDefault();
      const user = options[Math.min(active, count - 1)];
      if (open && user) add(user);
    } else if (event.key === 'Escape' && text) {
      // Closes the suggestions, not the dialog.
      event.stopPropagation();
      setText('');
    } else if (event.key === 'Backspace' && text === '' && chosen.length) {
      event.preventDefault();
      remove(chosen[chosen.length - 1]!, false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const status =
    found === null || text.trim() === ''
      ? said
      : options.length
        ? fill(words.found, { count: formatNumber(options.length, locale) })
        : words.noMatch;
  return (
    <div className="mb-3">
      <input type="hidden" name="user_ids" value={chosen.map((user) => user.id).join(',')} />
      <label htmlFor={id} className="form-label">
        {words.picker}
      </label>
      {chosen.length > 0 && (
        <ul
          className="app-chips"
          aria-label={fill(words.chosen, { count: formatNumber(chosen.length, locale) })}
        >
          {chosen.map((user) => (
            <li key={user.id} className="app-chip">
              <span>{user.name}</span>
              <button
                type="button"
                className="btn btn-sm app-icon-btn app-chip-remove"
                aria-label={fill(words.remove, { name: user.name })}
                title={fill(words.remove, { name: user.name })}
                onClick={() => remove(user, true)}
              >
                <IconX size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="app-combobox">
        <input
          ref={input}
          id={id}
          type="text"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-controls={`${id}-list`}
          aria-expanded={open}
          aria-activedescendant={open ? optionId(Math.min(active, options.length - 1)) : undefined}
          aria-describedby={[`${id}-hint`, invalid ? errorId : undefined].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={words.suggestions}
          className="app-combobox-list"
          hidden={!open}
        >
          {open &&
            options.map((user, index) => (
              // Focus stays in the box (aria-activedescendant); a click still chooses.
              <li
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(user)}
                onMouseEnter={() => setActive(index)}
              >
                <span className="fw-medium">{user.name}</span>
                <span className="small text-body-secondary">{user.email}</span>
              </li>
            ))}
        </ul>
      </div>
      <div id={`${id}-hint`} className="form-text">
        {words.pickerHint}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
