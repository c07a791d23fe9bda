import { translate, type T } from '../../lib/labels';

/** The ban dialog's and the player page's standing words. */
export const banLabelKeys = {
  reason: 'users.ban.reason',
  reasonHint: 'users.ban.reasonHint',
  reasonRequired: 'users.ban.reasonRequired',
  length: 'users.ban.length',
  '1h': 'users.ban.preset.1h',
  '24h': 'users.ban.preset.24h',
  '3d': 'users.ban.preset.3d',
  '7d': 'users.ban.preset.7d',
  '30d': 'users.ban.preset.30d',
  permanent: 'users.ban.preset.permanent',
  date: 'users.ban.preset.date',
  until: 'users.ban.until',
  dateRequired: 'users.ban.dateRequired',
  timeZone: 'users.ban.timeZone',
  endsAt: 'users.ban.endsAt',
  forever: 'users.ban.forever',
  confirm: 'users.ban.confirm',
  cancel: 'confirm.cancel',
  title: 'users.ban.title',
  lift: 'users.ban.lift',
  liftTitle: 'users.ban.liftTitle',
  liftMessage: 'users.ban.liftMessage',
} as const;

export const banLabels = (t: T) => translate(t, banLabelKeys);
export type BanLabels = ReturnType<typeof banLabels>;
