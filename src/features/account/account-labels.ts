import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { strengthLabelKeys } from '../auth/NewPasswordFields';
import { auditActionKeys } from '../audit/audit-actions';
import { auditWords } from '../audit/audit-labels';

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
  activity: auditWords(t),
  /** Action code → words; an action missing here is shown with `activity.unknown`. */
  actions: translate(t, auditActionKeys) as Record<string, string>,
  list: translate(t, listLabelKeys),
});
export type ActivityListLabels = ReturnType<typeof activityListLabels>;
