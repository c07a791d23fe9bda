import type { I18nKey } from '../../i18n/keys';
import { translate, type T } from '../../lib/labels';
import { DASHBOARD_CARDS } from './dashboard-cards';
import { WAITING_TILES } from './waiting-tiles';
import type { WaitingTile } from '../../shared/dashboard/waiting-lists';
import type { DashboardCount } from '../../shared/dashboard/dashboard-input';

const WORD_KEYS = {
  todaySoFar: 'dashboard.chart.todaySoFar',
  tooltipValue: 'dashboard.chart.tooltipValue',
  period: 'dashboard.cards.period',
  waiting: 'dashboard.waiting.title',
  previousPeriod: 'dashboard.chart.previousPeriod',
  allTime: 'dashboard.cards.allTime',
  allTimeNote: 'dashboard.cards.allTimeNote',
  same: 'dashboard.change.same',
  fresh: 'dashboard.change.new',
  up: 'dashboard.change.up',
  down: 'dashboard.change.down',
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

const WAITING_KEYS = Object.fromEntries(WAITING_TILES.map(({ name, label }) => [name, label])) as Record<
  WaitingTile,
  I18nKey
>;

/** The dashboard's words for the server-drawn figures, translated once per language. */
export function dashboardLabels(t: T) {
  return {
    words: translate(t, WORD_KEYS),
    cards: translate(t, CARD_KEYS),
    waiting: translate(t, WAITING_KEYS),
  };
}
export type DashboardLabels = ReturnType<typeof dashboardLabels>;
