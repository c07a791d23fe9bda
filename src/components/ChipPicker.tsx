import { IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../i18n/locales';
import { formatNumber } from '../lib/format';
import { fill, plural, type PluralForms } from '../lib/labels';
import { usePicks, type PickSearch } from './use-picks';
import './chip-picker.scss';

/** Something a picker can choose: shown by name, kept by id. */
export interface Pick {
  id: number;
  name: string;
}

/**
 * The picker's words: `found` says a count (its plural forms), `chosen` may show `{{number}}`;
 * `remove`, `added`, `removed` take `{{name}}`.
 */
export interface ChipPickerLabels {
  label: string;
  hint: string;
  suggestions: string;
  found: PluralForms;
  noMatch: string;
  chosen: string;
  remove: string;
  added: string;
  removed: string;
}

interface ChipPickerProps<P extends Pick> {
  id: string;
  chosen: readonly P[];
  onChange: (chosen: P[]) => void;
  search: PickSearch<P>;
  /** A second line under a suggestion's name (an email, a category). */
  detail?: (pick: P) => string | undefined;
  /** With `max` chosen, a new choice replaces the oldest (1: a single-choice filter). */
  max?: number;
  /** When set, the chosen ids ride in the surrounding form under this name, comma-separated. */
  name?: string;
  error?: string;
  /** In a filter bar: the hint is for screen readers only, and no bottom margin. */
  compact?: boolean;
  locale: Locale;
  words: ChipPickerLabels;
}

/**
 * Things as removable chips, added through a combobox over `search` (debounced, the older request
 * aborted: usePicks). Focus stays in the box; arrow keys move through the suggestions
 * (aria-activedescendant), Enter adds one, Escape closes them, Backspace in the empty box removes
 * the last chip. Each chip's button names what it removes.
 */
export default function ChipPicker<P extends Pick>(props: ChipPickerProps<P>) {
  const { id, chosen, onChange, max, error, locale, words } = props;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  // Suggestions show only while the box has the focus: leaving it must not leave a list over the page.
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const found = usePicks(text, props.search);
  const taken = new Set(chosen.map((pick) => pick.id));
  const options = (found ?? []).filter((pick) => !taken.has(pick.id));
  const open = focused && text.trim() !== '' && options.length > 0;
  const invalid = error !== undefined;
  const errorId = `${id}-error`;

  // A new answer starts the choice over at the top.
  useEffect(() => setActive(0), [found]);

  function add(pick: P) {
    const kept = max && chosen.length >= max ? chosen.slice(chosen.length - max + 1) : chosen;
    onChange([...kept, pick]);
    setText('');
    setSaid(fill(words.added, { name: pick.name }));
  }

  function remove(pick: P, refocus: boolean) {
    onChange(chosen.filter((other) => other.id !== pick.id));
    setSaid(fill(words.removed, { name: pick.name }));
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
      const pick = options[Math.min(active, count - 1)];
      if (open && pick) add(pick);
    } else if (event.key === 'Escape' && text) {
      // Closes the suggestions, not a dialog around them.
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
        ? plural(words.found, options.length, { count: formatNumber(options.length, locale) })
        : words.noMatch;
  return (
    <div className={props.compact ? 'app-chip-picker-compact' : 'mb-3'}>
      {props.name && (
        <input type="hidden" name={props.name} value={chosen.map((pick) => pick.id).join(',')} />
      )}
      <label htmlFor={id} className={props.compact ? 'form-label small mb-1' : 'form-label'}>
        {words.label}
      </label>
      {chosen.length > 0 && (
        <ul
          className="app-chips"
          aria-label={fill(words.chosen, { number: formatNumber(chosen.length, locale) })}
        >
          {chosen.map((pick) => (
            <li key={pick.id} className="app-chip">
              <span>{pick.name}</span>
              <button
                type="button"
                className="btn btn-sm app-icon-btn app-chip-remove"
                aria-label={fill(words.remove, { name: pick.name })}
                title={fill(words.remove, { name: pick.name })}
                onClick={() => remove(pick, true)}
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
            options.map((pick, index) => (
              // Focus stays in the box (aria-activedescendant); a click still chooses.
              <li
                key={pick.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(pick)}
                onMouseEnter={() => setActive(index)}
              >
                <span className="fw-medium">{pick.name}</span>
                {props.detail && <span className="small text-body-secondary">{props.detail(pick)}</span>}
              </li>
            ))}
        </ul>
      </div>
      <div id={`${id}-hint`} className={props.compact ? 'visually-hidden' : 'form-text'}>
        {words.hint}
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
