import { getT } from '../../i18n';
import { config } from '../config';
import type { Mail } from './mailer';
import { compose, localeOf } from './messages';

/** A recovery code was used: said at once, so a code someone else found is noticed. */
export function recoveryCodeUsedMail(to: string, locale: string | null, left: number): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.recoveryUsed.subject'), [
    t('mail.recoveryUsed.body'),
    t('mail.recoveryUsed.left', { count: left }),
    t('mail.recoveryUsed.notYou'),
    { link: `${config().publicUrl}/account-setting?tab=security` },
  ]);
}

/** An Owner removed the admin's second factors. */
export function factorsResetMail(to: string, locale: string | null): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.mfaReset.subject'), [
    t('mail.mfaReset.body'),
    t('mail.mfaReset.setUp'),
    { link: `${config().publicUrl}/account-setting?tab=security` },
  ]);
}
