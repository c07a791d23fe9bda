import { useEffect, useState } from 'react';
import { useFieldError } from '../../components/form-errors-context';
import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { fill, plural, type PluralForms } from '../../lib/labels';
import { characterCount } from '../../shared/notifications/character-count';

/** The title and message fields' labels and their counter's words, in the composer and in the edit form. */
export const counterLabelKeys = {
  title: 'notifications.composer.fieldTitle',
  message: 'notifications.composer.fieldMessage',
  counter: 'notifications.composer.counter',
  left: 'notifications.composer.left',
  over: 'notifications.composer.over',
} as const;

/** Typing pauses this long before the count is read out: every keystroke would drown the reader. */
const ANNOUNCE_AFTER_MS = 800;

interface CounterFieldProps {
  name: string;
  label: string;
  max: number;
  defaultValue?: string;
  multiline?: boolean;
  locale: Locale;
  /** `{{used}} / {{max}}`, and the plural forms of `{{count}} characters left.` and `… too many.` */
  words: { counter: string; left: PluralForms; over: PluralForms };
  /** Every change, for a preview. */
  onValue?: (value: string) => void;
}

/**
 * A title or message field with a live counter. The counter is the field's description; a
 * separate polite live region says how many characters are left once typing pauses. The browser
 * does not cut the text at the limit (no `maxLength`): a pasted text stays whole and the
 * counter, then the schema, say it is too long.
 */
export default function CounterField(props: CounterFieldProps) {
  const { id, error, errorId, invalid } = useFieldError(props.name);
  const [value, setValue] = useState(props.defaultValue ?? '');
  const [spoken, setSpoken] = useState('');
  // Nothing is read out on opening; only once the admin has typed.
  const [typed, setTyped] = useState(false);
  const count = characterCount(value, props.max);
  const number = (n: number) => formatNumber(n, props.locale);
  const announcement = count.over
    ? plural(props.words.over, count.used - props.max, { count: number(count.used - props.max) })
    : plural(props.words.left, count.left, { count: number(count.left) });

  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => setSpoken(announcement), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [announcement, typed]);

  const common = {
    id,
    name: props.name,
    value,
    required: true,
    className: `form-control${invalid || count.over ? ' is-invalid' : ''}`,
    'aria-invalid': invalid || count.over || undefined,
    'aria-describedby': [`${id}-count`, invalid ? errorId : undefined].filter(Boolean).join(' '),
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(event.currentTarget.value);
      setTyped(true);
      props.onValue?.(event.currentTarget.value);
    },
  };
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between align-items-baseline gap-2">
        <label htmlFor={id} className="form-label">
          {props.label}
        </label>
        <span
          id={`${id}-count`}
          className={`small ${count.over ? 'text-danger-emphasis fw-semibold' : 'text-body-secondary'}`}
        >
          {/* Figures read left to right in a right-to-left layout too ("120 / 0" must not turn round). */}
          <bdi dir="ltr">
            {fill(props.words.counter, { used: number(count.used), max: number(props.max) })}
          </bdi>
        </span>
      </div>
      {props.multiline ? (
        <textarea {...common} rows={5} />
      ) : (
        <input {...common} type="text" autoComplete="off" />
      )}
      <div className="visually-hidden" aria-live="polite">
        {spoken}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
