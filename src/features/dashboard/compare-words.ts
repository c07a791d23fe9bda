import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import { changeOf, type ChangeDirection } from './change';
import type { Figure } from '../../shared/dashboard/dashboard-input';

/** One template per direction, each naming `{{value}}`, `{{previous}}` and (up, down) `{{change}}`. */
export interface CompareWords {
  up: string;
  down: string;
  same: string;
  /** Something now, nothing in the previous period: no percentage of nothing. */
  fresh: string;
}

/** A piece of the sentence: the value is drawn large, the change kept left to right. */
export interface ComparePart {
  kind: 'text' | 'value' | 'change';
  text: string;
}

// Characters no translation holds: the sentence is filled with them, then cut around them, so the
// value and the change land wherever each language puts them.
const VALUE = '\u{E000}';
const CHANGE = '\u{E001}';

/**
 * A figure against the previous period in the same words on every card: "700, up from 481
 * (+45%)", numbers and the signed percentage formatted for the language.
 */
export function compareFigure(words: CompareWords, locale: Locale, figure: Figure) {
  const { direction, percent } = changeOf(figure);
  const change =
    percent === null
      ? ''
      : formatNumber(direction === 'down' ? -percent : percent, locale, {
          style: 'percent',
          signDisplay: 'exceptZero',
          maximumFractionDigits: percent < 0.1 ? 1 : 0,
        });
  const template = templateOf(words, direction, percent);
  const filled = fill(template, {
    value: VALUE,
    previous: formatNumber(figure.previous, locale),
    change: CHANGE,
  });
  const value = formatNumber(figure.value, locale);
  const parts: ComparePart[] = filled
    .split(new RegExp(`(${VALUE}|${CHANGE})`, 'u'))
    .filter((text) => text !== '')
    .map((text) =>
      text === VALUE
        ? { kind: 'value', text: value }
        : text === CHANGE
          ? { kind: 'change', text: change }
          : { kind: 'text', text },
    );
  return { direction, parts, text: parts.map((part) => part.text).join('') };
}

function templateOf(words: CompareWords, direction: ChangeDirection, percent: number | null): string {
  if (direction === 'same') return words.same;
  if (percent === null) return words.fresh;
  return direction === 'up' ? words.up : words.down;
}
