import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../config';
import { sendMail } from './mailer';
import { resetMail, signInCodeMail } from './messages';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-mail-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetConfig();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('sendMail without SMTP_URL', () => {
  it('writes an .eml with text and HTML parts to DATA_DIR/outbox and prints the text', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await sendMail(signInCodeMail('admin@example.test', 'fr', '042137'));
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: admin@example\.test$/m);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(print.mock.calls.flat().join('\n')).toContain('Votre code de connexion est 042137.');
    print.mockRestore();
  });
});

describe('messages', () => {
  it('speak the admin’s language and fall back to English', () => {
    expect(signInCodeMail('a@b.co', 'zh', '123456').subject).toBe('您的谜题管理后台登录验证码');
    expect(signInCodeMail('a@b.co', null, '123456').subject).toBe('Your Puzzle Admin sign-in code');
  });

  it('escape what goes into the HTML part', () => {
    const mail = resetMail('a@b.co', 'en', '123456', 'https://x.test/reset-password?token=a&b=<c>');
    expect(mail.html).toContain('token=a&amp;b=&lt;c&gt;');
    expect(mail.text).toContain('token=a&b=<c>');
  });
});
