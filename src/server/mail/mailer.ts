import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { logError } from '../log';
import { oneLine, printable, splitLines } from './text-lines';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let transport: Transporter | undefined;
let transportFor: string | undefined;

function smtp(url: string): Transporter {
  if (transportFor !== url) {
    transport = nodemailer.createTransport(url);
    transportFor = url;
  }
  return transport!;
}

/**
 * Sends through SMTP_URL when set. Without it, the mail is written as an .eml file in
 * DATA_DIR/outbox/ and its text printed to the console, so a fresh install can still sign in.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const cfg = config();
  const message = { from: cfg.MAIL_FROM, ...mail };
  if (cfg.SMTP_URL) {
    await smtp(cfg.SMTP_URL).sendMail(message);
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const outbox = path.join(cfg.dataDir, 'outbox');
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${built.messageId.replace(/[^\w.@-]/g, '')}.eml`,
  );
  await fs.writeFile(file, built.message as Buffer);
  console.log(consoleText(mail, file));
}

/** What starts every printed line of a mail: no log line (JSON, or anything else) starts so. */
export const CONSOLE_MARK = '[mail]';

/**
 * A mail as printed to the console: every line marked, and every line break or control character
 * in what people typed (a support subject, a name) split into marked lines or shown escaped, so
 * no part of a mail can pass for a log line or rewrite one on a terminal.
 */
export function consoleText(mail: Mail, file: string): string {
  const lines = [
    `Mail to ${oneLine(mail.to)} (no SMTP_URL; saved as ${file}):`,
    `Subject: ${oneLine(mail.subject)}`,
    '',
    ...splitLines(mail.text),
  ];
  return lines.map((line) => `${CONSOLE_MARK} ${printable(line)}`.trimEnd()).join('\n');
}

/**
 * For mails whose failure must not change the answer (a notice after the change is made, a reset
 * code whose sending must not reveal which addresses exist): sent after the answer, failures logged.
 */
export function sendMailInBackground(mail: Mail): void {
  sendMail(mail).catch((error: unknown) => logError('mail.failed', error));
}
