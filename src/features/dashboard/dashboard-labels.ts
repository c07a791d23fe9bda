import type { I18nKey } from '../../i18n/keys';
import type { Locale } from '../../i18n/locales';
import { formatNumber } from '../../lib/format';
import { fill, translate, type T } from '../../lib/labels';
import { changeOf } from './change';
import { DASHBOARD_CARDS, type CardMeasure } from './dashboard-cards';
import type { DashboardCount, Figure } from '../../shared/dashboard/dashboard-input';

const WORD_KEYS = {
  cards: 'dashboard.cards.label',
  moreCards: 'dashboard.cards.more',
  todaySoFar: 'dashboard.chart.todaySoFar',
  tooltipValue: 'dashboard.chart.tooltipValue',
  same: 'dashboard.change.same',
  fromZero: 'dashboard.change.fromZero',
  up: 'dashboard.change.up',
  down: 'dashboard.change.down',
  sameSince: 'dashboard.change.sameSince',
  upBy: 'dashboard.change.upBy',
  downBy: 'dashboard.change.downBy',
  day: 'dashboard.table.day',
  puzzle: 'dashboard.table.puzzle',
  plays: 'dashboard.table.plays',
  previous: 'dashboard.table.previous',
  topPuzzles: 'dashboard.chart.topPuzzles',
  noTopPuzzles: 'dashboard.topPuzzles.empty',
} as const;

const CARD_KEYS = Object.fromEntries(DASHBOARD_CARDS.map(({ count, label }) => [count, label])) as Record<
  DashboardCount,
  I18nKey
>;

/** The dashboard's words for the server-drawn figures, translated once per language. */
export function dashboardLabels(t: T) {
  return { words: translate(t, WORD_KEYS), cards: translate(t, CARD_KEYS) };
}
export type DashboardLabels = ReturnType<typeof dashboardLabels>;
type ChangeWords = Pick<
  DashboardLabels['words'],
  'same' | 'fromZero' | 'up' | 'down' | 'sameSince' | 'upBy' | 'downBy'
>;

/**
 * A figure's change: a short visible mark that colour only repeats, and a sentence for screen
 * readers that says it in words. A flow against the previous period in percent (▲ 12.5 %); a
 * standing total by how many since the period began (▲ 35).
 */
export function describeChange(
  words: ChangeWords,
  locale: Locale,
  figure: Figure,
  measure: CardMeasure = 'flow',
) {
  const { direction, percent } = changeOf(figure);
  const previous = formatNumber(figure.previous, locale);
  const mark = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '=';
  if (measure === 'standing') {
    const count = formatNumber(Math.abs(figure.value - figure.previous), locale);
    const spoken =
      direction === 'same'
        ? words.sameSince
        : fill(direction === 'up' ? words.upBy : words.downBy, { number: count, previous });
    return { direction, visible: direction === 'same' ? mark : `${mark} ${count}`, spoken };
  }
  const amount =
    percent === null ? '' : formatNumber(percent, locale, { style: 'percent', maximumFractionDigits: 1 });
  const spoken =
    direction === 'same'
      ? words.same
      : percent === null
        ? words.fromZero
        : fill(direction === 'up' ? words.up : words.down, { percent: amount, previous });
  return { direction, visible: `${mark} ${amount}`.trim(), spoken };
}
