/**
 * The work-waiting tiles' lists, filtered to what each counts: the page links there, and the
 * server counts a tile only for a role that may open its list (the guard's table decides).
 */
export const WAITING_LISTS = {
  support_over_24h: '/help-center?waiting=24h',
  scheduled_sends: '/notifications?state=scheduled',
  bans_ending_today: '/users?status=blocked',
} as const;
export type WaitingTile = keyof typeof WAITING_LISTS;
