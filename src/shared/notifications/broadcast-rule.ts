/**
 * When a notification is a broadcast, which needs `notifications.broadcast` on top of
 * `notifications.send`: addressed to everyone (with or without a status or a search), or to more
 * than this many named users. Shared by the endpoints, which refuse, and the screens, which say so
 * before sending and leave out the edit, cancel and delete of such a notification.
 */
export const BROADCAST_ABOVE = 100;

export interface AudienceShape {
  audience: 'users' | 'all';
  /** How many distinct users it names (for `users`). */
  named: number;
}

export function isBroadcast({ audience, named }: AudienceShape): boolean {
  return audience === 'all' || named > BROADCAST_ABOVE;
}

/** For a send: the request's `user_ids` (repeats count once), or everyone. */
export function sendIsBroadcast(userIds: readonly number[] | undefined): boolean {
  return userIds === undefined || new Set(userIds).size > BROADCAST_ABOVE;
}
