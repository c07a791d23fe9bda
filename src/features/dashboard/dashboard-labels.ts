import { fill } from '../../lib/labels';
import { formatNumber } from '../../lib/format';
import type { Locale } from '../../i18n/locales';
import { changeOf } from './change';
import type { Figure } from './dashboard-input';

type T = (key: string, values?: Record<string, unknown>) => string;

/**
 * A figure's change against the previous period: a short visible mark (▲ 12.5 %) that colour
 * only repeats, and a sentence for screen readers that says it in words.
 */
export function describeChange(t: T, locale: Locale, figure: Figure) {
  const { direction, percent } = changeOf(figure);
  const amount =
    percent === null ? '' : formatNumber(percent, locale, { style: 'percent', maximumFractionDigits: 1 });
  const previous = formatNumber(figure.previous, locale);
  const mark = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '=';
  const spoken =
    direction === 'same'
      ? t('dashboard.change.same')
      : percent === null
        ? t('dashboard.change.fromZero')
        : fill(t(direction === 'up' ? 'dashboard.change.up' : 'dashboard.change.down'), {
            percent: amount,
            previous,
          });
  return { direction, visible: `${mark} ${amount}`.trim(), spoken };
}
