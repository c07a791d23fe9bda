import type { Permission } from '../../shared/roles/permissions';
import { HttpError } from '../http/errors';
import { listNotes } from './notes';
import { receivedNotifications, supportThreads } from './record';
import { getUser } from './service';
import { listBans, standingOf } from './standing';

/**
 * Everything `/users/[id]` shows, read in parallel: each part is one indexed query by the player's
 * id, so the page costs the same for a player with ten plays or ten thousand. A part the admin's
 * role may not see is not read. Null for an unknown player.
 */
export async function playerPage(userId: number, permissions: readonly Permission[]) {
  const may = (permission: Permission) => permissions.includes(permission);
  try {
    const [detail, standing, bans, notes, notifications, support] = await Promise.all([
      getUser(userId),
      standingOf(userId),
      listBans(userId),
      listNotes(userId),
      may('notifications.view') ? receivedNotifications(userId) : null,
      may('support.view') ? supportThreads(userId) : null,
    ]);
    return { ...detail, standing, bans, notes, notifications, support };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export type PlayerPage = NonNullable<Awaited<ReturnType<typeof playerPage>>>;
