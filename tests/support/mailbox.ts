import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { resetConfig } from '../../src/server/config';

/** One received message: the SMTP envelope's recipients and the decoded text part. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface Mailbox {
  /** For `SMTP_URL`. */
  url: string;
  /** The oldest mail to `to` not yet taken, waiting for one to arrive if need be. */
  nextMail(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Mails received and not yet taken, oldest first. */
  pending(): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it is sent, in order. */
export async function startMailbox(): Promise<Mailbox> {
  const inbox: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS: a reverse lookup of the client can stall for seconds in a sandbox.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        inbox.push(parseMail(to, Buffer.concat(chunks).toString('utf8')));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function take(to: string): ReceivedMail | undefined {
    const index = inbox.findIndex((mail) => mail.to.includes(to.toLowerCase()));
    return index >= 0 ? inbox.splice(index, 1)[0] : undefined;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    nextMail(to, { timeoutMs = 10_000 } = {}) {
      const ready = take(to);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      });
    },
    pending: () => [...inbox],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP URL nobody listens on: the mail transport fails at once with ECONNREFUSED. */
export async function deadSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** Points this process's mail at `url` from now on (services read SMTP_URL through config()). */
export function useSmtp(url: string): void {
  process.env.SMTP_URL = url;
  resetConfig();
}

/** The 6-digit code in a sign-in or reset mail. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No 6-digit code in:\n${mail.text}`);
  return match[1]!;
}

/** The first link in the mail's text (the reset link sits on a line of its own). */
export function linkFrom(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in:\n${mail.text}`);
  return match[0];
}

// A small MIME reader: enough for nodemailer's text + HTML alternatives (7bit, QP or base64).

function splitHead(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at >= 0 ? part.slice(0, at) : part;
  const body = at >= 0 ? part.slice(at).replace(/^\r?\n\r?\n/, '') : '';
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * RFC 2047 encoded words in headers (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). Whitespace between two
 * encoded words (a folded long header) is not part of the text.
 */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function textPart(part: string): string | null {
  const { headers, body } = splitHead(part);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const child of body.split(`--${boundary}`).slice(1)) {
      if (child.startsWith('--')) break;
      const text = textPart(child.replace(/^\r?\n/, ''));
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : null;
}

export function parseMail(to: string[], raw: string): ReceivedMail {
  const { headers } = splitHead(raw);
  return { to, subject: decodeWords(headers.get('subject') ?? ''), text: textPart(raw) ?? '', raw };
}
