import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { supportQueries } from '../../src/server/db/schema';
import { CONSOLE_MARK } from '../../src/server/mail/mailer';
import { post } from '../support/api';
import { createKey } from '../support/api-keys';
import { parseMail } from '../support/mailbox';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';
import { insertUsers } from '../support/users';

/**
 * Issue #24, item 11: without SMTP_URL every mail is printed to the console, beside the JSON
 * request log. A user's support subject and message reach that print through an admin's reply;
 * their line breaks must not start lines that pass for the server's own (a request-log line, a
 * sign-in code), and the mail itself quotes every line of them.
 */
let server: TestServer;
let token: string;
let key: string;
let userId: number;

const FORGED_LOG = JSON.stringify({
  time: new Date().toISOString(),
  id: 'forged',
  method: 'POST',
  path: '/api/admin/verifyotp',
  status: 200,
  ms: 1,
  forged: true,
});
const FORGED_CODE = 'Your sign-in code is 000000.';
/** Every kind of line break a terminal or a log shipper may honour, and an escape sequence. */
const SUBJECT = `Help\n${FORGED_LOG}\r${FORGED_CODE}\u2028${FORGED_LOG}\r\n${FORGED_CODE}`;
const MESSAGE = `first line\n${FORGED_LOG}\n\n${FORGED_CODE}\rlast\u001b[2K\u001b[1A${FORGED_LOG}\u2029end`;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info', SMTP_URL: undefined });
  token = await createTestSession();
  key = (await createKey(server.url, token, 'Support')).key;
  [userId] = (await insertUsers([{ firstName: 'Ask', lastName: 'Er', email: 'asker@example.test' }])) as [
    number,
  ];
});
afterAll(() => server?.stop());

/** Everything the process prints while `work` runs: console lines and raw stdout writes alike. */
async function printedDuring(work: () => Promise<void>): Promise<string> {
  const printed: string[] = [];
  const log = console.log;
  const write = process.stdout.write;
  console.log = (...args: unknown[]) => {
    printed.push(`${format(...args)}\n`);
    log(...args);
  };
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return write.call(process.stdout, chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await work();
    // The request line is written when the response closes, just after the answer is read.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    console.log = log;
    process.stdout.write = write;
  }
  return printed.join('');
}

async function askAndReply(): Promise<string> {
  const asked = await post<{ query_id: number }>(
    server.url,
    '/api/app/support',
    { user_id: userId, subject: 'Help', message: 'first line' },
    { authorization: `Bearer ${key}` },
  );
  expect(asked.status).toBe(200);
  const id = asked.body.ResponseBody!.query_id;
  // Stored text reaches the mail whatever the input checks of the day let in (older rows, other
  // paths): the mail and its print must hold on their own, so the hostile text is put in place here.
  await (
    await db()
  )
    .update(supportQueries)
    .set({ subject: SUBJECT, message: MESSAGE })
    .where(eq(supportQueries.id, id));
  const printed = await printedDuring(async () => {
    const reply = await post(
      server.url,
      '/api/admin/replysupport',
      { id, message: 'Thanks, we are on it.' },
      { cookie: sessionCookie(token) },
    );
    expect(reply.status).toBe(200);
  });
  return printed;
}

describe('a mail printed to the console', () => {
  it('marks every line as mail, so nothing in it passes for a log line or a code of our own', async () => {
    const printed = await askAndReply();
    const lines = printed.split('\n').filter((line) => line !== '');
    const mailLines = lines.filter((line) => line.startsWith(CONSOLE_MARK));
    expect(mailLines.length).toBeGreaterThan(5);
    expect(mailLines.some((line) => line.includes('Thanks, we are on it.'))).toBe(true);
    for (const line of lines) {
      if (line.startsWith(CONSOLE_MARK)) continue;
      // Anything else is the server's own JSON line, and never one a user wrote.
      const parsed = JSON.parse(line) as Record<string, unknown>;
      expect(parsed, line).not.toHaveProperty('forged');
    }
    for (const line of lines.filter((one) => one.includes('000000') || one.includes('"forged"'))) {
      expect(line.startsWith(CONSOLE_MARK), line).toBe(true);
    }
    // Nothing that a terminal would act on: no carriage return, escape or Unicode line break.
    for (const char of ['\r', '\u001b', '\u0085', '\u2028', '\u2029']) expect(printed).not.toContain(char);
    expect(printed).toContain('\\u001b[2K');
  });

  it('quotes every line of what the user wrote, in the mail saved to the outbox', async () => {
    const outbox = path.join(server.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).sort();
    const mail = parseMail(['asker@example.test'], fs.readFileSync(path.join(outbox, files.at(-1)!), 'utf8'));
    expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(mail.subject).toContain(FORGED_CODE);
    // The MIME part ends with a line break of its own.
    const lines = mail.text.trimEnd().split(/\r?\n/);
    const start = lines.findIndex((line) => line.startsWith('> Help'));
    expect(start).toBeGreaterThan(0);
    const quoted = lines.slice(start);
    for (const line of quoted) expect(line, JSON.stringify(line)).toMatch(/^>( |$)/);
    // The subject on one line, a blank quoted line, then each of the message's lines.
    const messageLines = MESSAGE.split(/\r\n|[\n\r\u2028\u2029]/);
    expect(quoted).toHaveLength(1 + 1 + messageLines.length);
    expect(mail.text).not.toMatch(/[\r\u2028\u2029](?!\n)/);
  });
});
