import type { I18nKey } from '../../i18n/keys';
import { WAITING_LISTS, type WaitingTile } from '../../shared/dashboard/waiting-lists';

/** The work-waiting tiles, in order: their words and the filtered list each opens. */
export const WAITING_TILES: readonly { name: WaitingTile; label: I18nKey; href: string }[] = [
  { name: 'support_over_24h', label: 'dashboard.waiting.support', href: WAITING_LISTS.support_over_24h },
  { name: 'scheduled_sends', label: 'dashboard.waiting.scheduled', href: WAITING_LISTS.scheduled_sends },
  { name: 'bans_ending_today', label: 'dashboard.waiting.bansEnding', href: WAITING_LISTS.bans_ending_today },
];
