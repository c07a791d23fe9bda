import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate } from '../../lib/labels';
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
  reason: 'activity.detail.reason',
  sessions: 'activity.detail.sessions',
  updated: 'activity.detail.updated',
} as const;

type T = (key: string) => string;

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
  activity: translate(t, activityLabelKeys),
  /** Action code → words; an action missing here is shown with `activity.unknown`. */
  actions: translate(t, activityActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type ActivityListLabels = ReturnType<typeof activityListLabels>;
