import { getT, isLocale } from '../../i18n';
import type { Mail } from '../mail/mailer';
import { oneLine, quoteLines } from '../mail/text-lines';

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
  // Names and the subject are single-line values: a line break in one could start a line that
  // seems to be the mail's own (or, in the text part, a forged quote).
  const subject = oneLine(facts.subject);
  const greeting = t('mail.supportReply.greeting', { name: oneLine(facts.userName) });
  const signature = t('mail.supportReply.signature', { name: oneLine(facts.adminName) });
  const wrote = t('mail.supportReply.wrote', {
    date: facts.askedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  });
  const quoted = [...quoteLines(subject), '>', ...quoteLines(facts.query)];
  const text = [greeting, facts.reply, signature, wrote, quoted.join('\n')].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphsHtml(facts.reply),
    `<p>${escapeHtml(signature)}</p>`,
    `<p>${escapeHtml(wrote)}</p>`,
    `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;color:#555">` +
      `<p><strong>${escapeHtml(subject)}</strong></p>${paragraphsHtml(facts.query)}</blockquote>`,
  ].join('\n');
  return {
    to: facts.to,
    subject: t('mail.supportReply.subject', { subject }),
    text,
    html: `<!doctype html><html><body>${html}</body></html>`,
  };
}
