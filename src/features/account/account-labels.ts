import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import type { I18nKey } from '../../i18n/keys';
import { translate, type T } from '../../lib/labels';
import { menuItems, type MenuItem, type MenuLink } from '../../shared/menu/menu-items';
import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import { strengthLabelKeys } from '../auth/NewPasswordFields';
import { activityActionKeys } from './activity-actions';

/** The Password tab's words (the strength words are sign-in's). */
export const passwordLabelKeys = {
  intro: 'changePassword.intro',
  current: 'changePassword.current',
  password: 'changePassword.new',
  confirm: 'changePassword.confirm',
  show: 'password.show',
  mismatch: 'reset.mismatch',
  submit: 'changePassword.submit',
  busy: 'changePassword.busy',
  ...strengthLabelKeys,
  unreachable: 'api.error.unreachable',
} as const;

export const sessionsLabelKeys = {
  intro: 'sessions.intro',
  caption: 'sessions.caption',
  device: 'sessions.device',
  unknownDevice: 'sessions.unknownDevice',
  current: 'sessions.current',
  address: 'sessions.address',
  noAddress: 'sessions.noAddress',
  started: 'sessions.started',
  lastSeen: 'sessions.lastSeen',
  signOut: 'sessions.signOut',
  signOutNamed: 'sessions.signOutNamed',
  signOutOthers: 'sessions.signOutOthers',
  onlyThis: 'sessions.onlyThis',
  refresh: 'sessions.refresh',
  oneTitle: 'sessions.confirm.oneTitle',
  oneMessage: 'sessions.confirm.oneMessage',
  othersTitle: 'sessions.confirm.othersTitle',
  othersMessage: 'sessions.confirm.othersMessage',
  unreachable: 'api.error.unreachable',
} as const;

export const activityLabelKeys = {
  caption: 'activity.caption',
  empty: 'activity.empty',
  at: 'activity.col.at',
  action: 'activity.col.action',
  target: 'activity.col.target',
  ip: 'activity.col.ip',
  unknown: 'activity.unknown',
  user: 'activity.target.user',
  session: 'activity.target.session',
  puzzle: 'activity.target.puzzle',
  notification: 'activity.target.notification',
  admin: 'activity.target.admin',
  apikey: 'activity.target.apikey',
  role: 'activity.target.role',
  support: 'activity.target.support',
  page: 'activity.target.page',
  named: 'activity.target.named',
  roleNamed: 'activity.target.roleNamed',
  roleGone: 'activity.target.roleGone',
  screen: 'activity.target.screen',
  endpoint: 'activity.target.endpoint',
  reason: 'activity.detail.reason',
  sessions: 'activity.detail.sessions',
  updated: 'activity.detail.updated',
  change: 'activity.detail.change',
  changed: 'activity.detail.changed',
  blank: 'activity.detail.empty',
  revision: 'activity.detail.revision',
  paragraphs: 'activity.detail.paragraphs',
} as const;

/** An edited field's name, by the name the API gives it (the audit detail's `changes`). */
export const activityFieldKeys = {
  first_name: 'activity.field.first_name',
  last_name: 'activity.field.last_name',
  email: 'activity.field.email',
  phone: 'activity.field.phone',
  status: 'activity.field.status',
  profile: 'activity.field.profile',
  locale: 'activity.field.locale',
  title: 'activity.field.title',
  category: 'activity.field.category',
  difficulty: 'activity.field.difficulty',
  content: 'activity.field.content',
  message: 'activity.field.message',
  scheduled_at: 'activity.field.scheduled_at',
  effective_date: 'activity.field.effective_date',
} as const;

/** The public pages by slug (their menu names). */
const cmsPageLabelKeys = {
  'about-us': 'menu.aboutus',
  'privacy-policy': 'menu.privacyandpolicy',
  'terms-and-conditions': 'menu.termsandcondition',
} as const;

/** Everything an audit entry is worded with: its facts, field names and page names. */
/** Every link of the menu, for naming a page by the title the admin finds it under. */
const menuLinks = (items: readonly MenuItem[]): MenuLink[] =>
  items.flatMap((item) => (item.type === 'item' ? (item.external ? [] : [item]) : menuLinks(item.children)));

/**
 * The signed-in pages by path, named as the admin finds them (the menu's titles, the account's
 * pages): a refused visit to `/audit` reads as the audit log's page, not as its path.
 */
const screenTitleKeys: Record<string, I18nKey> = {
  ...Object.fromEntries(menuLinks(menuItems).map((link) => [link.url, link.titleKey])),
  '/profile': 'shell.profile',
  '/account-setting': 'accountSetting.title',
};

export const activityWords = (t: T) => ({
  ...translate(t, activityLabelKeys),
  fields: translate(t, activityFieldKeys) as Record<string, string>,
  pages: translate(t, cmsPageLabelKeys),
  screens: translate(t, screenTitleKeys) as Record<string, string>,
  roles: translate(t, builtInRoleLabelKeys) as Record<string, string>,
});

export const passwordFormLabels = (t: T) => ({
  form: translate(t, passwordLabelKeys),
  validation: translate(t, validationLabelKeys),
});
export type PasswordFormLabels = ReturnType<typeof passwordFormLabels>;

export const sessionsListLabels = (t: T) => ({
  sessions: translate(t, sessionsLabelKeys),
  confirm: translate(t, confirmLabelKeys),
});
export type SessionsListLabels = ReturnType<typeof sessionsListLabels>;

export const activityListLabels = (t: T) => ({
  activity: activityWords(t),
  /** Action code → words; an action missing here is shown with `activity.unknown`. */
  actions: translate(t, activityActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type ActivityListLabels = ReturnType<typeof activityListLabels>;
