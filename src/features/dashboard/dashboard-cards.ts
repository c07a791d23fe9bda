import type { IconName } from '../../components/icons/icon-svg';
import type { DashboardCount } from '../../shared/dashboard/dashboard-input';
import type { I18nKey } from '../../i18n/keys';

/**
 * Where a card stands: a `flow` counts what happened in the period (new users, plays, sends) and
 * is compared with the period before; a `standing` total (users, puzzles, open queries) is all
 * time, compared with where it stood when the period began. Both read alike ("700, up from 481
 * (+45%)"), so the two kinds sit in groups of their own under their own headings.
 */
export type CardMeasure = 'flow' | 'standing';

/**
 * The headline figures (issue #27's visual hierarchy): filled in the theme's primary, the
 * secondary, or the primary's soft tint for the third. They are the period's flows, the figures
 * the range picker changes; the all-time totals stay quiet. README "The look" gives each colour its job.
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
    count: 'games_in_range',
    label: 'dashboard.cards.gamesInRange',
    href: '/puzzles?view=history',
    measure: 'flow',
    accent: { tone: 'primary', icon: 'device-gamepad-2' },
  },
  // /users lists the newest first by default.
  {
    count: 'users_new',
    label: 'dashboard.cards.usersNew',
    href: '/users',
    measure: 'flow',
    accent: { tone: 'secondary', icon: 'users' },
  },
  {
    count: 'notifications_sent',
    label: 'dashboard.cards.notificationsSent',
    href: '/notifications?state=sent',
    measure: 'flow',
    accent: { tone: 'primary-subtle', icon: 'bell' },
  },
  { count: 'users_total', label: 'dashboard.cards.usersTotal', href: '/users', measure: 'standing' },
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
  {
    count: 'games_total',
    label: 'dashboard.cards.gamesTotal',
    href: '/puzzles?view=history',
    measure: 'standing',
  },
  { count: 'puzzles_total', label: 'dashboard.cards.puzzlesTotal', href: '/puzzles', measure: 'standing' },
  {
    count: 'puzzles_published',
    label: 'dashboard.cards.puzzlesPublished',
    href: '/puzzles?status=published',
    measure: 'standing',
  },
  {
    count: 'support_open',
    label: 'dashboard.cards.supportOpen',
    href: '/help-center?status=open',
    measure: 'standing',
  },
];
