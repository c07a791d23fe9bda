import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import { isBuiltInRole } from '../../shared/roles/permissions';
import { getT, isLocale, type Locale } from '../../i18n';
import type { Mail } from './mailer';
import { oneLine } from './text-lines';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A paragraph of words, or a link on a line of its own right where the words introduce it. */
type Paragraph = string | { link: string };

/** Plain text and a minimal HTML twin, built from the same translated paragraphs. */
export function compose(to: string, subject: string, paragraphs: Paragraph[], code?: string): Mail {
  const text = paragraphs
    .map((paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.link))
    .join('\n\n');
  const html = paragraphs
    .map((paragraph) => {
      if (typeof paragraph !== 'string')
        return `<p><a href="${escapeHtml(paragraph.link)}">${escapeHtml(paragraph.link)}</a></p>`;
      return code && paragraph.includes(code)
        ? `<p>${escapeHtml(paragraph).replace(code, `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`)}</p>`
        : `<p>${escapeHtml(paragraph)}</p>`;
    })
    .join('\n');
  return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

export const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : 'en');

export function signInCodeMail(to: string, locale: string | null, code: string): Mail {
  const t = getT(localeOf(locale));
  return compose(
    to,
    t('mail.signInCode.subject'),
    [
      t('mail.signInCode.code', { code }),
      t('mail.signInCode.expiry', { minutes: 10 }),
      t('mail.signInCode.notYou'),
    ],
    code,
  );
}

export function resetMail(to: string, locale: string | null, code: string, link: string): Mail {
  const t = getT(localeOf(locale));
  return compose(
    to,
    t('mail.reset.subject'),
    [
      t('mail.reset.code', { code }),
      t('mail.reset.expiry', { minutes: 10, linkMinutes: 60 }),
      t('mail.reset.link'),
      { link },
      t('mail.reset.notYou'),
    ],
    code,
  );
}

export function passwordChangedMail(to: string, locale: string | null): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.passwordChanged.subject'), [
    t('mail.passwordChanged.body'),
    t('mail.passwordChanged.notYou'),
  ]);
}

export interface InviteMailFacts {
  /** The invited admin's first name. */
  name: string;
  /** Who invited them, by name. */
  inviter: string;
  /** The single-use set-password link (PUBLIC_URL/accept-invite?token=…). */
  link: string;
  hours: number;
}

export function inviteMail(to: string, locale: string | null, facts: InviteMailFacts): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.invite.subject'), [
    t('mail.invite.greeting', { name: facts.name }),
    t('mail.invite.body', { inviter: facts.inviter }),
    t('mail.invite.link', { hours: facts.hours }),
    { link: facts.link },
    t('mail.invite.signIn'),
    t('mail.invite.notYou'),
  ]);
}

/** A built-in role by its name in `locale`; a custom role by the name it was given. */
function roleName(t: ReturnType<typeof getT>, key: string, storedName: string): string {
  return isBuiltInRole(key) ? t(builtInRoleLabelKeys[key]) : storedName;
}

/** To someone who has just registered (ALLOW_REGISTRATION): it waits for an Owner. */
export function registrationReceivedMail(
  to: string,
  locale: string | null,
  name: string,
  link: string,
): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.registered.subject'), [
    t('mail.registered.greeting', { name }),
    t('mail.registered.body'),
    t('mail.registered.signIn'),
    { link },
    t('mail.registered.notYou'),
  ]);
}

/**
 * To an address that already has an account, when someone registers with it: the registration's
 * answer does not say so (it would tell a stranger whose address is an admin's), this mail does.
 */
export function registrationAttemptMail(to: string, locale: string | null, link: string): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.registerAttempt.subject'), [
    t('mail.registerAttempt.body'),
    t('mail.registerAttempt.ifYou'),
    { link },
    t('mail.registerAttempt.notYou'),
  ]);
}

export interface ApprovalRequestFacts {
  /** The newcomer's name and address, as they typed them. */
  name: string;
  email: string;
  /** The Administrators tab (PUBLIC_URL/account-setting?tab=admins). */
  link: string;
}

/** To every active Owner: someone registered and waits for their approval. */
export function approvalRequestMail(to: string, locale: string | null, facts: ApprovalRequestFacts): Mail {
  const t = getT(localeOf(locale));
  // The name is the newcomer's own text: one line in a header, whatever they typed.
  return compose(to, t('mail.approvalRequest.subject', { name: oneLine(facts.name) }), [
    t('mail.approvalRequest.body', { name: facts.name, email: facts.email }),
    t('mail.approvalRequest.link'),
    { link: facts.link },
  ]);
}

/** To a registered admin an Owner has just approved, with the role they were given. */
export function approvedMail(
  to: string,
  locale: string | null,
  facts: { name: string; role: string; roleName: string; link: string },
): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.approved.subject'), [
    t('mail.approved.greeting', { name: facts.name }),
    t('mail.approved.body', { role: roleName(t, facts.role, facts.roleName) }),
    t('mail.approved.signIn'),
    { link: facts.link },
  ]);
}

/** To every Owner when a webhook endpoint has failed for three days and was turned off. */
export function webhookDisabledMail(to: string, locale: string | null, url: string, link: string): Mail {
  const t = getT(localeOf(locale));
  return compose(to, t('mail.webhookDisabled.subject'), [
    t('mail.webhookDisabled.body', { url: oneLine(url) }),
    t('mail.webhookDisabled.link'),
    { link },
  ]);
}
