import { eq, inArray, sql } from 'drizzle-orm';
import type {
  BulkStatusInput,
  ChangeStatusInput,
  UpdateUserInput,
  UserInput,
  UserRow,
  UserStats,
} from '../../shared/users/user-input';
import { changesDetail } from '../audit/changes';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { gameHistory, users } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import type { PreparedImage } from '../images/prepare';
import { releaseImage, storeImage } from '../images/store';
import { banInTx, banManyInTx, liftInTx, liftManyInTx } from './bans';
import { effectiveStatus, toUserRow, userColumns, userFilter } from './list';
import { BESIDE_SYNCS } from './sync';
import { auditTarget } from '../../shared/audit/vocabulary';

/** The form's fields as the table's columns (the image is decided by the caller). */
function userValues(input: UserInput) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone ?? null,
    status: input.status,
  };
}

const notFound = () => new HttpError(404, 'users.api.notFound');
const emailTaken = () =>
  new HttpError(409, 'users.api.emailTaken', { fieldKeys: { email: 'users.api.emailTaken' } });

async function selectUser(tx: Tx, id: number): Promise<UserRow> {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return toUserRow(row);
}

/** The unique index on lower(email) is the judge, so two parallel adds of one address cannot both win. */
async function guardEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

export async function getUser(id: number): Promise<{ user: UserRow; stats: UserStats }> {
  const database = await db();
  return database.transaction(async (tx) => {
    const user = await selectUser(tx, id);
    const [stats] = await tx
      .select({
        games: sql<number>`count(*)::int`,
        wins: sql<number>`(count(*) FILTER (WHERE ${gameHistory.result} = 'won'))::int`,
        last: sql<Date | null>`max(${gameHistory.playedAt})`,
      })
      .from(gameHistory)
      .where(eq(gameHistory.userId, id));
    const last = stats?.last ? new Date(stats.last) : null;
    return {
      user,
      stats: {
        games: stats?.games ?? 0,
        wins: stats?.wins ?? 0,
        last_played_at: last?.toISOString() ?? null,
      },
    };
  });
}

export async function createUser(
  input: UserInput,
  image: PreparedImage | null,
  actor: Actor,
): Promise<UserRow> {
  return guardEmail(async () =>
    (await db()).transaction(async (tx) => {
      await tx.execute(BESIDE_SYNCS);
      const profile = image ? await storeImage(tx, image) : null;
      const { status, ...values } = userValues(input);
      const [created] = await tx
        .insert(users)
        .values({ ...values, profile })
        .returning({ id: users.id });
      await audit(tx, {
        adminId: actor.adminId,
        action: 'users.create',
        target: auditTarget('users', created!.id),
        ip: actor.ip,
      });
      // Added as blocked: a permanent ban, written as every ban is (bans.ts).
      if (status === 'blocked') await banInTx(tx, created!.id, { reason: null, until: null }, actor);
      return selectUser(tx, created!.id);
    }),
  );
}

export async function updateUser(
  input: UpdateUserInput,
  image: PreparedImage | null,
  actor: Actor,
): Promise<UserRow> {
  return guardEmail(async () =>
    (await db()).transaction(async (tx) => {
      await tx.execute(BESIDE_SYNCS);
      // The row lock orders concurrent edits of one user, so the image each replaces is the right one.
      const [current] = await tx
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          profile: users.profile,
          status: effectiveStatus,
        })
        .from(users)
        .where(eq(users.id, input.id))
        .for('update');
      if (!current) throw notFound();
      const profile = image ? await storeImage(tx, image) : input.remove_profile ? null : current.profile;
      // The status goes through the ban module (a ban row, its own audit entry), never straight in.
      const { status, ...fields } = userValues(input);
      const values = { ...fields, profile };
      await tx.update(users).set(values).where(eq(users.id, input.id));
      if (status !== current.status) {
        if (status === 'blocked') await banInTx(tx, input.id, { reason: null, until: null }, actor);
        else await liftInTx(tx, input.id, actor);
      }
      if (profile !== current.profile) await releaseImage(tx, current.profile);
      await audit(tx, {
        adminId: actor.adminId,
        action: 'users.update',
        target: auditTarget('users', input.id),
        detail: changesDetail(current, values),
        ip: actor.ip,
      });
      return selectUser(tx, input.id);
    }),
  );
}

/**
 * Saved at once; "Undo" in the UI is the same call with the previous status. `blocked` is a
 * permanent ban with the reason given (or none), unless a ban is already in force; `active` lifts it.
 */
export async function changeUserStatus(input: ChangeStatusInput, actor: Actor): Promise<UserRow> {
  return (await db()).transaction(async (tx) => {
    if (input.status === 'active') {
      await liftInTx(tx, input.id, actor, input.reason);
    } else {
      const [current] = await tx
        .select({ blocked: sql<boolean>`${effectiveStatus} = 'blocked'` })
        .from(users)
        .where(eq(users.id, input.id));
      if (!current) throw notFound();
      if (!current.blocked) await banInTx(tx, input.id, { reason: input.reason || null, until: null }, actor);
    }
    return selectUser(tx, input.id);
  });
}

/**
 * Above this many changed users a bulk change answers no ids, so it has no Undo: a "block every
 * match" over a million rows should not ship a million ids back. A selection (≤ 1000 ids) always fits.
 */
export const BULK_UNDO_LIMIT = 1000;

/**
 * Set-based bans or lifts for the selection or for every user matching the filter. Only users whose
 * standing changes are written, and their ids come back (up to {@link BULK_UNDO_LIMIT}): Undo is
 * the same call on exactly those ids with the other status, one transaction. A ban may carry an
 * `until` (else it is permanent).
 */
export async function bulkChangeStatus(
  input: BulkStatusInput,
  actor: Actor,
): Promise<{ updated: number; ids?: number[] }> {
  const target = (input.ids ? inArray(users.id, input.ids) : userFilter(input.match!)) ?? sql`true`;
  return (await db()).transaction(async (tx) => {
    const outcome =
      input.status === 'blocked'
        ? await banManyInTx(
            tx,
            target,
            { reason: input.reason || null, until: input.until ?? null },
            actor,
            BULK_UNDO_LIMIT,
          )
        : await liftManyInTx(tx, target, actor, BULK_UNDO_LIMIT);
    const { updated } = outcome;
    const ids = updated <= BULK_UNDO_LIMIT ? (outcome.ids ?? []) : undefined;
    await audit(tx, {
      adminId: actor.adminId,
      action: input.status === 'blocked' ? 'users.bulk_block' : 'users.bulk_unblock',
      target: auditTarget('users', input.ids ? input.ids.join(',').slice(0, 1990) : 'match'),
      detail: JSON.stringify({
        updated,
        reason: input.reason,
        until: input.until?.toISOString(),
        match: input.match,
        changed: ids,
      }),
      ip: actor.ip,
    });
    return ids ? { updated, ids } : { updated };
  });
}
