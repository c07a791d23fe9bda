import type { IconName } from '../../components/icons/icon-svg';
import type { DashboardCount } from '../../shared/dashboard/dashboard-input';
import type { I18nKey } from '../../i18n/keys';

/**
 * How a card's change reads: a `flow` (what happened in the period: new users, plays, sends) is
 * compared with the period before, in percent; a `standing` total (users, puzzles, open queries)
 * says how many it gained or lost since the period began, which a percentage of a small start
 * would blow up ("▲ 3,550 %").
 */
export type CardMeasure = 'flow' | 'standing';

/**
 * The headline figures (issue #27's visual hierarchy): filled in the theme's primary, the
 * secondary for a figure that only informs, or the primary's soft tint for the third, so two
 * strong fills lead and the other cards stay quiet. README "The look" gives each colour its job.
 */
export type CardTone = 'primary' | 'secondary' | 'primary-subtle';
export interface CardAccent {
  tone: CardTone;
  icon: IconName;
}

/** Each count card: its words, the screen it counts (filtered where the screen can be) and its measure. */
export const DASHBOARD_CARDS: readonly {
  count: DashboardCount;
  label: I18nKey;
  href: string;
  measure: CardMeasure;
  accent?: CardAccent;
}[] = [
  {
    count: 'users_total',
    label: 'dashboard.cards.usersTotal',
    href: '/users',
    measure: 'standing',
    accent: { tone: 'primary', icon: 'users' },
  },
  {
    count: 'users_active',
    label: 'dashboard.cards.usersActive',
    href: '/users?status=active',
    measure: 'standing',
  },
  {
    count: 'users_blocked',
    label: 'dashboard.cards.usersBlocked',
    href: '/users?status=blocked',
    measure: 'standing',
  },
  // /users lists the newest first by default.
  { count: 'users_new', label: 'dashboard.cards.usersNew', href: '/users', measure: 'flow' },
  {
    count: 'games_total',
    label: 'dashboard.cards.gamesTotal',
    href: '/puzzles?view=history',
    measure: 'standing',
  },
  {
    count: 'games_in_range',
    label: 'dashboard.cards.gamesInRange',
    href: '/puzzles?view=history',
    measure: 'flow',
    accent: { tone: 'secondary', icon: 'device-gamepad-2' },
  },
  { count: 'puzzles_total', label: 'dashboard.cards.puzzlesTotal', href: '/puzzles', measure: 'standing' },
  {
    count: 'puzzles_published',
    label: 'dashboard.cards.puzzlesPublished',
    href: '/puzzles?status=published',
    measure: 'standing',
  },
  {
    count: 'notifications_sent',
    label: 'dashboard.cards.notificationsSent',
    href: '/notifications?state=sent',
    measure: 'flow',
  },
  {
    count: 'support_open',
    label: 'dashboard.cards.supportOpen',
    href: '/help-center?status=open',
    measure: 'standing',
    // Queries waiting for an answer: the one figure that asks the admin to act.
    accent: { tone: 'primary-subtle', icon: 'help-circle' },
  },
];
