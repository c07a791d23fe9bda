import type { Grants } from '../roles/grants';

/** What /users may offer, by the permission each needs (the page works it out). */
export const USER_GRANTS = {
  edit: 'users.edit',
  block: 'users.block',
  export: 'users.export',
  notify: 'notifications.send',
  broadcast: 'notifications.broadcast',
} as const;
export type UserGrants = Grants<keyof typeof USER_GRANTS>;
