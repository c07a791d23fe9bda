import { describe, expect, it } from 'vitest';
import { approvalRequestMail, approvedMail, inviteMail, resetMail } from './messages';

const RESET_LINK = 'https://admin.example.test/reset-password?token=abc';
const INVITE_LINK = 'https://admin.example.test/accept-invite?token=xyz';

/** The paragraph after the one that contains `words`. */
function after(text: string, words: string): string | undefined {
  const paragraphs = text.split('\n\n');
  return paragraphs[paragraphs.findIndex((paragraph) => paragraph.includes(words)) + 1];
}

describe('mails with a link', () => {
  it('put the reset link right after the words that introduce it, in text and HTML', () => {
    const mail = resetMail('ann@example.test', 'en', '123456', RESET_LINK);
    expect(after(mail.text, 'Or open this link')).toBe(RESET_LINK);
    expect(mail.text.trimEnd().endsWith(RESET_LINK)).toBe(false);
    expect(mail.html).toMatch(
      /Or open this link[^<]*<\/p>\n<p><a href="https:\/\/admin\.example\.test\/reset-password\?token=abc">/,
    );
  });

  it('put the invitation link right after the words that introduce it, in French too', () => {
    const mail = inviteMail('bea@example.test', 'fr', {
      name: 'Béa',
      inviter: 'Ann',
      link: INVITE_LINK,
      hours: 72,
    });
    const paragraphs = mail.text.split('\n\n');
    const at = paragraphs.indexOf(INVITE_LINK);
    expect(at).toBeGreaterThan(0);
    expect(paragraphs[at - 1]).toContain('72');
    expect(mail.html).toContain(`<a href="${INVITE_LINK}">`);
  });
});

describe('registration mails', () => {
  it('name a built-in role in the reader’s language and a custom role as it was named', () => {
    const facts = { name: 'Zoé', link: 'https://admin.example.test/' };
    const builtIn = approvedMail('zoe@example.test', 'fr', {
      ...facts,
      role: 'readonly',
      roleName: 'Read-only',
    });
    expect(builtIn.text).toContain('«\u00a0Lecture seule\u00a0»');
    const custom = approvedMail('zoe@example.test', 'fr', {
      ...facts,
      role: 'custom-abc',
      roleName: 'Modération <nuit>',
    });
    expect(custom.text).toContain('«\u00a0Modération <nuit>\u00a0»');
    expect(custom.html).toContain('Modération &lt;nuit&gt;');
  });

  it('put the Administrators tab right after the words that ask an Owner to decide', () => {
    const link = 'https://admin.example.test/account-setting?tab=admins';
    const mail = approvalRequestMail('owner@example.test', 'en', {
      name: 'Pat',
      email: 'pat@example.test',
      link,
    });
    expect(after(mail.text, 'on the Administrators tab')).toBe(link);
  });
});
