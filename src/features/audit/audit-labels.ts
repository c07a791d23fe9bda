import { listLabelKeys } from '../../components/list-labels';
import { translate, type T } from '../../lib/labels';
import type { I18nKey } from '../../i18n/keys';
import { menuItems, type MenuItem, type MenuLink } from '../../shared/menu/menu-items';
import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import type { AuditArea } from '../../shared/audit/vocabulary';
import { auditActionKeys } from './audit-actions';

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

export const auditWords = (t: T) => ({
  ...translate(t, activityLabelKeys),
  fields: translate(t, activityFieldKeys) as Record<string, string>,
  pages: translate(t, cmsPageLabelKeys),
  screens: translate(t, screenTitleKeys) as Record<string, string>,
  roles: translate(t, builtInRoleLabelKeys) as Record<string, string>,
});
export type AuditWords = ReturnType<typeof auditWords>;

/**
 * The audit list's own words: caption, columns, the target it is narrowed to. Rows are worded as on
 * the Activity tab.
 */
export const auditLabelKeys = {
  caption: 'audit.caption',
  at: 'audit.col.at',
  admin: 'audit.col.admin',
  server: 'audit.server',
  apiKey: 'audit.apiKey',
  repeated: 'audit.repeated',
  action: 'audit.col.action',
  target: 'audit.col.target',
  ip: 'audit.col.ip',
  showing: 'audit.target.showing',
  clearTarget: 'audit.target.clear',
  empty: 'audit.empty',
} as const;

/** The filter bar's words, its export link among them. */
export const auditFilterLabelKeys = {
  filters: 'audit.filters',
  admin: 'audit.filter.admin',
  allAdmins: 'audit.filter.allAdmins',
  area: 'audit.filter.area',
  allAreas: 'audit.filter.allAreas',
  from: 'audit.from',
  to: 'audit.to',
  export: 'audit.export',
} as const;

/** Each area (an action's first part) in words, for the filter; the type asks for every area. */
export const auditAreaLabelKeys: { readonly [Area in AuditArea]: `audit.area.${Area}` & I18nKey } = {
  account: 'audit.area.account',
  admins: 'audit.area.admins',
  apikeys: 'audit.area.apikeys',
  app: 'audit.area.app',
  audit: 'audit.area.audit',
  auth: 'audit.area.auth',
  content: 'audit.area.content',
  games: 'audit.area.games',
  mfa: 'audit.area.mfa',
  notifications: 'audit.area.notifications',
  permission: 'audit.area.permission',
  profile: 'audit.area.profile',
  puzzles: 'audit.area.puzzles',
  roles: 'audit.area.roles',
  support: 'audit.area.support',
  users: 'audit.area.users',
  webhooks: 'audit.area.webhooks',
};

export const auditScreenLabels = (t: T) => ({
  audit: translate(t, auditLabelKeys),
  filters: translate(t, auditFilterLabelKeys),
  areas: translate(t, auditAreaLabelKeys),
  activity: auditWords(t),
  actions: translate(t, auditActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type AuditScreenLabels = ReturnType<typeof auditScreenLabels>;

/** The areas the filter offers, in the catalogue map's order. */
export const AUDIT_AREAS = Object.keys(auditAreaLabelKeys) as AuditArea[];

/** The history panel's words, for admins holding `audit.view`. */
export const historyLabelKeys = {
  title: 'audit.history.title',
  show: 'audit.history.show',
  hide: 'audit.history.hide',
  empty: 'audit.history.empty',
  all: 'audit.history.all',
  by: 'audit.history.by',
  close: 'audit.history.close',
  server: 'audit.server',
} as const;

export const entityHistoryLabels = (t: T) => ({
  history: translate(t, historyLabelKeys),
  activity: auditWords(t),
  actions: translate(t, auditActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type EntityHistoryLabels = ReturnType<typeof entityHistoryLabels>;

/** The history panel's words for an admin who may read the trail; null hides the panel. */
export const historyLabelsFor = (t: T, permissions: readonly string[]): EntityHistoryLabels | null =>
  permissions.includes('audit.view') ? entityHistoryLabels(t) : null;
