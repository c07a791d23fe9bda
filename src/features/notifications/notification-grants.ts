import type { Grants } from '../roles/grants';

/** What /notifications may offer, by the permission each needs (the page works it out). */
export const NOTIFICATION_GRANTS = {
  send: 'notifications.send',
  broadcast: 'notifications.broadcast',
} as const;
export type NotificationGrants = Grants<keyof typeof NOTIFICATION_GRANTS>;
