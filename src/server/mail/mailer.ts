import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { logError } from '../log';

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
  console.log(`Mail to ${mail.to} (no SMTP_URL; saved as ${file}):\n${mail.subject}\n\n${mail.text}\n`);
}

/**
 * For mails whose failure must not change the answer (a notice after the change is made, a reset
 * code whose sending must not reveal which addresses exist): sent after the answer, failures logged.
 */
export function sendMailInBackground(mail: Mail): void {
  sendMail(mail).catch((error: unknown) => logError('mail.failed', error));
}
