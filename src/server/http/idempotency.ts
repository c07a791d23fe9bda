import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import type { Answer as TypedAnswer } from '../../lib/envelope';
import { db, type Db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { idempotencyKeys } from '../db/schema';
import type { Actor } from './admin-request';
import { envelope } from './envelope';
import { HttpError } from './errors';
import type { I18nKey } from '../../i18n/keys';

/**
 * `Idempotency-Key` (the composer sends a UUID per submit): a retry of the same request by the same
 * admin gets the first answer back instead of doing the work twice. The key row is written in the
 * same transaction as the work, so either both land or neither; the primary key makes a parallel
 * twin wait for the first transaction and then replay its answer.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;
/** `status` of a key whose work committed but whose answer is not known yet (a send fanning out). */
const PENDING = 0;
/** How long a twin waits for a pending answer before it gives up with 409. */
const PENDING_WAIT_MS = 60_000;
const POLL_MS = 100;

/** What the endpoint answers, kept so a replay says the same in the retry's language. */
export interface Answer<Body = unknown, Data = unknown> {
  status: number;
  messageKey: I18nKey;
  values?: Record<string, unknown>;
  payload: { ResponseBody?: Body; ResponseData?: Data };
}

/** A reserved key: the work stores its answer here, inside its own transaction. */
export interface KeyClaim {
  adminId: number;
  scope: string;
  key: string;
  /** Marks the key as answered later (`settle`), by a reference the later step knows. */
  defer(tx: Tx, ref: string): Promise<void>;
  remember(tx: Tx, answer: Answer): Promise<void>;
}

class Replay extends Error {
  constructor(readonly answer: Answer) {
    super('idempotent replay');
  }
}
class Pending extends Error {
  constructor() {
    super('idempotent request still running');
  }
}

function keyOf(context: APIContext): string | null {
  const value = context.request.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return null;
  if (!KEY_FORMAT.test(value)) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { 'Idempotency-Key': 'api.error.idempotencyKeyFormat' },
    });
  }
  return value;
}

const hashOf = (input: unknown) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/** A replayed answer is the first one's, so it carries the same types. */
export function render<Body, Data>(context: APIContext, answer: Answer<Body, Data>): TypedAnswer<Body, Data> {
  return envelope(answer.status, {
    ResponseMessage: context.locals.t(answer.messageKey, answer.values),
    ...answer.payload,
  });
}

const where = (adminId: number, scope: string, key: string) =>
  and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

async function storedRow(run: Db | Tx, adminId: number, scope: string, key: string) {
  const [row] = await run
    .select({
      hash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(where(adminId, scope, key));
  return row;
}

function claimFor(adminId: number, scope: string, key: string, hash: string) {
  const write = (tx: Tx, status: number, response: string) =>
    tx
      .update(idempotencyKeys)
      .set({ status, response })
      .where(where(adminId, scope, key));
  return {
    adminId,
    scope,
    key,
    /**
     * Reserves the key in the work's transaction. A key already used: the stored answer (Replay),
     * a wait (Pending), or 422 when it came with a different request.
     */
    async reserve(tx: Tx): Promise<void> {
      const inserted = await rowsOf(
        tx,
        sql`INSERT INTO ${idempotencyKeys} (admin_id, scope, key, request_hash, status, response)
            VALUES (${adminId}, ${scope}, ${key}, ${hash}, ${PENDING}, '')
            ON CONFLICT DO NOTHING RETURNING 1`,
      );
      if (inserted.length > 0) return;
      const row = await storedRow(tx, adminId, scope, key);
      if (!row) throw new Pending(); // the first one rolled back between our insert and select
      if (row.hash !== hash) throw new HttpError(422, 'api.error.idempotencyMismatch');
      if (row.status === PENDING) throw new Pending();
      throw new Replay(JSON.parse(row.response) as Answer);
    },
    defer: (tx: Tx, ref: string) => write(tx, PENDING, ref).then(() => undefined),
    remember: (tx: Tx, answer: Answer) =>
      write(tx, answer.status, JSON.stringify(answer)).then(() => undefined),
  };
}

/**
 * Settles a deferred key (see KeyClaim.defer) with its answer, in the transaction that finishes
 * the work; the key is found by the admin, the scope and the reference the work left.
 */
export async function settle(tx: Tx, adminId: number | null, scope: string, ref: string, answer: Answer) {
  if (adminId === null) return;
  await tx
    .update(idempotencyKeys)
    .set({ status: answer.status, response: JSON.stringify(answer) })
    .where(
      and(
        eq(idempotencyKeys.adminId, adminId),
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.status, PENDING),
        eq(idempotencyKeys.response, ref),
      ),
    );
}

/**
 * Keys older than a day are forgotten (the worker calls this each round); at most `limit` per call.
 * A plain SELECT looks first, so a round of an idle server writes nothing.
 */
export async function forgetOldKeys(limit = 5000): Promise<number> {
  const run = await db();
  const old = await rowsOf(
    run,
    sql`SELECT 1 FROM ${idempotencyKeys} WHERE created_at < now() - interval '24 hours' LIMIT 1`,
  );
  if (old.length === 0) return 0;
  const rows = await rowsOf(
    run,
    sql`DELETE FROM ${idempotencyKeys} WHERE (admin_id, scope, key) IN (
          SELECT admin_id, scope, key FROM ${idempotencyKeys}
          WHERE created_at < now() - interval '24 hours' LIMIT ${limit})
        RETURNING 1`,
  );
  return rows.length;
}

async function waitForAnswer(adminId: number, scope: string, key: string): Promise<Answer | null> {
  const deadline = Date.now() + PENDING_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const row = await storedRow(await db(), adminId, scope, key);
    if (!row) return null;
    if (row.status !== PENDING) return JSON.parse(row.response) as Answer;
  }
  throw new HttpError(409, 'api.error.idempotencyBusy');
}

export type ReservingClaim = KeyClaim & { reserve(tx: Tx): Promise<void> };

/**
 * Runs `work` once per `Idempotency-Key` (when the request carries one): `work` must call
 * `claim.reserve(tx)` first in its transaction and `claim.remember` (or `defer`) before it
 * commits. Without the header the work simply runs.
 */
export async function idempotent<Body, Data>(
  context: APIContext,
  actor: Actor,
  scope: string,
  input: unknown,
  work: (claim: ReservingClaim | null) => Promise<Answer<Body, Data>>,
): Promise<TypedAnswer<Body, Data>> {
  const key = keyOf(context);
  if (key === null) return render(context, await work(null));
  const claim = claimFor(actor.adminId, scope, key, hashOf(input));
  for (;;) {
    try {
      return render(context, await work(claim));
    } catch (error) {
      if (error instanceof Replay) return render(context, error.answer as Answer<Body, Data>);
      if (!(error instanceof Pending)) throw error;
    }
    const answer = await waitForAnswer(actor.adminId, scope, key);
    // null: the first request failed and left nothing, so this one does the work itself.
    if (answer) return render(context, answer as Answer<Body, Data>);
  }
}
