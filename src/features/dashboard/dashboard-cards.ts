import type { DashboardCount } from './dashboard-input';

/** Each count card: its words and the screen it counts, filtered where the screen can be. */
export const DASHBOARD_CARDS: readonly { count: DashboardCount; label: string; href: string }[] = [
  { count: 'users_total', label: 'dashboard.cards.usersTotal', href: '/users' },
  { count: 'users_active', label: 'dashboard.cards.usersActive', href: '/users?status=active' },
  { count: 'users_blocked', label: 'dashboard.cards.usersBlocked', href: '/users?status=blocked' },
  // /users lists the newest first by default.
  { count: 'users_new', label: 'dashboard.cards.usersNew', href: '/users' },
  { count: 'games_total', label: 'dashboard.cards.gamesTotal', href: '/puzzles?view=history' },
  { count: 'games_in_range', label: 'dashboard.cards.gamesInRange', href: '/puzzles?view=history' },
  { count: 'puzzles_total', label: 'dashboard.cards.puzzlesTotal', href: '/puzzles' },
  {
    count: 'puzzles_published',
    label: 'dashboard.cards.puzzlesPublished',
    href: '/puzzles?status=published',
  },
  {
    count: 'notifications_sent',
    label: 'dashboard.cards.notificationsSent',
    href: '/notifications?state=sent',
  },
  { count: 'support_open', label: 'dashboard.cards.supportOpen', href: '/help-center?status=open' },
];
