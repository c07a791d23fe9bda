import { getT, isLocale } from '../../i18n';
import type { Mail } from '../mail/mailer';

export interface ReplyMailFacts {
  to: string;
  /** The admin's language: they write the reply, so the words around it follow theirs. */
  locale: string;
  userName: string;
  adminName: string;
  subject: string;
  /** The user's original message, quoted below the reply. */
  query: string;
  askedAt: Date;
  reply: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/**
 * An admin's reply as the user receives it: the reply, who wrote it, then the user's own query
 * quoted (`> ` lines in the text part, a blockquote in the HTML one), so the mail stands alone.
 */
export function supportReplyMail(facts: ReplyMailFacts): Mail {
  const t = getT(isLocale(facts.locale) ? facts.locale : 'en');
  const greeting = t('mail.supportReply.greeting', { name: facts.userName });
  const signature = t('mail.supportReply.signature', { name: facts.adminName });
  const wrote = t('mail.supportReply.wrote', {
    date: facts.askedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  });
  const quoted = [facts.subject, '', ...facts.query.split('\n')].map((line) => `> ${line}`.trimEnd());
  const text = [greeting, facts.reply, signature, wrote, quoted.join('\n')].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphsHtml(facts.reply),
    `<p>${escapeHtml(signature)}</p>`,
    `<p>${escapeHtml(wrote)}</p>`,
    `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;color:#555">` +
      `<p><strong>${escapeHtml(facts.subject)}</strong></p>${paragraphsHtml(facts.query)}</blockquote>`,
  ].join('\n');
  return {
    to: facts.to,
    subject: t('mail.supportReply.subject', { subject: facts.subject }),
    text,
    html: `<!doctype html><html><body>${html}</body></html>`,
  };
}
