import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from './db/unavailable';
import { runInRequest } from './http/request-context';
import { describeError, logError } from './log';

const EMAIL = 'someone.private@example.test';
const TOKEN_HASH = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdef1234';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(() => pglite.close());

/** A real Drizzle query error with values in its parameters: a bug (the SQL does not parse). */
async function queryBug(): Promise<unknown> {
  return drizzlePglite(pglite)
    .execute(sql`selec ${EMAIL}, ${TOKEN_HASH}`)
    .catch((error: unknown) => error);
}

/** A real "cannot connect" from node-postgres through Drizzle: a port nothing listens on. */
async function refusedConnection(): Promise<unknown> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
  const error = await drizzlePg(pool)
    .execute(sql`select * from admins where email = ${EMAIL}`)
    .catch((caught: unknown) => caught);
  await pool.end();
  return error;
}

function captureStderr(work: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('database errors', () => {
  it('a query that does not parse is a bug, not an outage', async () => {
    const error = await queryBug();
    expect(String((error as Error).message)).toContain(EMAIL);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a refused connection is an outage', async () => {
    expect(isDatabaseUnavailable(await refusedConnection())).toBe(true);
  });

  it('SQLSTATEs of a server going away are outages, others are not', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode(code) })), code).toBe(true);
    }
    for (const code of ['42601', '23505', '22P02', '40001', '57014']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});

describe('logError', () => {
  it('writes one line that keeps the SQL and the stack but none of the parameters', async () => {
    const error = await queryBug();
    const lines = runInRequest({ requestId: 'req-1', userAgent: null }, () =>
      captureStderr(() => logError('request.failed', error, { path: '/x' })),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(lines[0]!.slice(0, -1)).not.toContain('\n');
    const entry = JSON.parse(lines[0]!) as Record<string, string>;
    expect(entry).toMatchObject({
      level: 'error',
      event: 'request.failed',
      requestId: 'req-1',
      path: '/x',
      code: '42601',
    });
    expect(entry.error).toMatch(/^DrizzleQueryError: Failed query: selec \$1, \$2\n\s+at /);
    expect(entry.error).toContain('Caused by error: syntax error at or near "selec" [42601]');
    expect(lines[0]).not.toContain(EMAIL);
    expect(lines[0]).not.toContain(TOKEN_HASH);
    expect(lines[0]).not.toContain('params');
  });

  it('brief: the classes, codes and messages of the chain only', async () => {
    const { error, code } = describeError(await refusedConnection(), { brief: true });
    expect(code).toBe('ECONNREFUSED');
    expect(error).toMatch(
      /^DrizzleQueryError: Failed query ← Error: connect ECONNREFUSED 127\.0\.0\.1:\d+ \[ECONNREFUSED\]$/,
    );
  });

  it('leaves out addresses that error messages name (a mail server refusing a recipient)', () => {
    const refusal = new Error(
      `Can't send mail - all recipients were rejected: 550 5.1.1 <${EMAIL}>: unknown`,
    );
    const { error } = describeError(refusal);
    expect(error).not.toContain(EMAIL);
    expect(error).toContain('550 5.1.1 <<email>>: unknown');
  });

  it('keeps what is not an error as text, and names no request outside one', () => {
    const [line] = captureStderr(() => logError('process.drain_timeout', '2 requests unanswered'));
    const entry = JSON.parse(line!) as Record<string, unknown>;
    expect(entry.error).toBe('2 requests unanswered');
    expect(entry).not.toHaveProperty('requestId');
  });
});
