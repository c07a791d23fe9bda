import { listLabelKeys } from '../../components/list-labels';
import { translate, type T } from '../../lib/labels';
import { activityWords } from '../account/account-labels';
import { activityActionKeys } from '../account/activity-actions';

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
  apply: 'audit.apply',
  export: 'audit.export',
} as const;

/** Each area (an action's first part) in words, for the filter. */
export const auditAreaLabelKeys = {
  account: 'audit.area.account',
  admin: 'audit.area.admin',
  apikey: 'audit.area.apikey',
  app: 'audit.area.app',
  audit: 'audit.area.audit',
  auth: 'audit.area.auth',
  cms: 'audit.area.cms',
  games: 'audit.area.games',
  mfa: 'audit.area.mfa',
  notification: 'audit.area.notification',
  permission: 'audit.area.permission',
  profile: 'audit.area.profile',
  puzzles: 'audit.area.puzzles',
  role: 'audit.area.role',
  support: 'audit.area.support',
  users: 'audit.area.users',
} as const;
export type AuditArea = keyof typeof auditAreaLabelKeys;

export const auditScreenLabels = (t: T) => ({
  audit: translate(t, auditLabelKeys),
  filters: translate(t, auditFilterLabelKeys),
  areas: translate(t, auditAreaLabelKeys),
  activity: activityWords(t),
  actions: translate(t, activityActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type AuditScreenLabels = ReturnType<typeof auditScreenLabels>;

/** The areas the filter offers, in the catalogue map's order (audit-labels.test.ts keeps it whole). */
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
  activity: activityWords(t),
  actions: translate(t, activityActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type EntityHistoryLabels = ReturnType<typeof entityHistoryLabels>;

/** The history panel's words for an admin who may read the trail; null hides the panel. */
export const historyLabelsFor = (t: T, permissions: readonly string[]): EntityHistoryLabels | null =>
  permissions.includes('audit.view') ? entityHistoryLabels(t) : null;
