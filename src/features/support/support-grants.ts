import type { Grants } from '../roles/grants';

/** What /help-center may offer, by the permission each needs (the page works it out). */
export const SUPPORT_GRANTS = {
  reply: 'support.reply',
  assign: 'support.assign',
} as const;
export type SupportGrants = Grants<keyof typeof SUPPORT_GRANTS>;
