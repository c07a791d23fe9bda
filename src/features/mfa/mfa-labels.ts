import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { translate, type T } from '../../lib/labels';

/** The Sign-in security tab's words. */
export const securityLabelKeys = {
  intro: 'mfa.tab.intro',
  required: 'mfa.tab.required',
  passkeys: 'mfa.passkeys.title',
  passkeysIntro: 'mfa.passkeys.intro',
  passkeysNone: 'mfa.passkeys.none',
  passkeysImpossible: 'mfa.passkeys.impossible',
  passkeyName: 'mfa.passkeys.name',
  passkeyNameHint: 'mfa.passkeys.nameHint',
  passkeyAdd: 'mfa.passkeys.add',
  passkeyCreated: 'mfa.passkeys.created',
  passkeyLastUsed: 'mfa.passkeys.lastUsed',
  passkeyNeverUsed: 'mfa.passkeys.neverUsed',
  app: 'mfa.app.title',
  appIntro: 'mfa.app.intro',
  appOn: 'mfa.app.on',
  appSetUp: 'mfa.app.setUp',
  appScan: 'mfa.app.scan',
  appKey: 'mfa.app.key',
  appCode: 'mfa.app.code',
  appConfirm: 'mfa.app.confirm',
  recovery: 'mfa.recovery.title',
  recoveryIntro: 'mfa.recovery.intro',
  recoveryLeft: 'mfa.recovery.left',
  recoveryNew: 'mfa.recovery.new',
  recoveryShown: 'mfa.recovery.shown',
  recoveryCopy: 'mfa.recovery.copy',
  recoveryCopied: 'mfa.recovery.copied',
  recoveryDownload: 'mfa.recovery.download',
  recoveryDone: 'mfa.recovery.done',
  remove: 'mfa.remove.button',
  removeTitle: 'mfa.remove.title',
  removePasskey: 'mfa.remove.passkey',
  removeApp: 'mfa.remove.app',
  unreachable: 'api.error.unreachable',
  ...confirmLabelKeys,
} as const;
export const securityLabels = (t: T) => translate(t, securityLabelKeys);
export type SecurityLabels = ReturnType<typeof securityLabels>;

/** The confirm-it-is-you dialog's words (features/mfa/ReauthDialog.tsx). */
export const reauthLabelKeys = {
  title: 'mfa.reauth.title',
  intro: 'mfa.reauth.intro',
  appCode: 'mfa.app.code',
  recoveryCode: 'mfa.reauth.recoveryCode',
  password: 'mfa.reauth.password',
  passkey: 'mfa.reauth.passkey',
  confirm: 'mfa.reauth.confirm',
  cancel: 'confirm.cancel',
  unreachable: 'api.error.unreachable',
} as const;
export const reauthLabels = (t: T) => translate(t, reauthLabelKeys);
export type ReauthLabels = ReturnType<typeof reauthLabels>;
