import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type { NotificationListInput, NotificationRow } from '../../shared/notifications/notification-input';
import { db, type Db, type Tx } from '../db/client';
import { admins, notifications } from '../db/schema';
import { HttpError } from '../http/errors';
import { contains } from '../db/text-search';
import { adminDisplayName } from '../admins/display-name';
import { countReceivers } from './audience';

/** The same expression as `notifications_search_trgm_idx`, so that index serves the search. */
const haystack = sql`(${notifications.title} || ' ' || ${notifications.message})`;
/** Newest first: when it went out, else when it is (or was) due, else when it was written. */
const when = sql`coalesce(${notifications.sentAt}, ${notifications.scheduledAt}, ${notifications.createdAt})`;

const columns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  audience: notifications.audience,
  audience_status: notifications.audienceStatus,
  audience_search: notifications.audienceSearch,
  target_count: sql<number | null>`cardinality(${notifications.targetUserIds})`,
  state: notifications.state,
  recipients: notifications.recipientCount,
  skipped: notifications.skippedCount,
  read_count: notifications.readCount,
  scheduled_at: notifications.scheduledAt,
  sent_at: notifications.sentAt,
  created_at: notifications.createdAt,
  updated_at: notifications.updatedAt,
  admin_id: admins.id,
  admin_name: adminDisplayName(admins.firstName, admins.lastName),
};

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(run: Db | Tx, where: SQL | undefined) {
  return run
    .select(columns)
    .from(notifications)
    .leftJoin(admins, eq(admins.id, notifications.createdBy))
    .where(where);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRow({ admin_id, admin_name, ...row }: Selected): NotificationRow {
  return {
    ...row,
    target_count: row.target_count === null ? null : Number(row.target_count),
    scheduled_at: iso(row.scheduled_at),
    sent_at: iso(row.sent_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    created_by: admin_id === null ? null : { id: admin_id, name: admin_name ?? '' },
  };
}

function filterOf({ search, state }: NotificationListInput): SQL | undefined {
  return and(
    search ? contains(haystack, search) : undefined,
    state ? eq(notifications.state, state) : undefined,
  );
}

/** `get_notification`: a page of notifications, newest first, with the same list/total as getusers. */
export async function listNotifications(input: NotificationListInput): Promise<ListResult<NotificationRow>> {
  const database = await db();
  const where = filterOf(input);
  const [rows, [count]] = await Promise.all([
    selectRows(database, where)
      .orderBy(desc(when), desc(notifications.id))
      .limit(input.record)
      .offset(input.page * input.record),
    database
      .select({ total: sql<number>`count(*)::int` })
      .from(notifications)
      .where(where),
  ]);
  const { page, record, search } = input;
  const list = await Promise.all(rows.map((row) => withAudienceSize(database, toRow(row))));
  return { list, total: count?.total ?? 0, page, record, search };
}

/** A scheduled row with its audience as it stands (the page shows it in place of "0 recipients"). */
async function withAudienceSize(run: Db, row: NotificationRow): Promise<NotificationRow> {
  if (row.state !== 'scheduled') return row;
  const [stored] = await run
    .select({ targetUserIds: notifications.targetUserIds })
    .from(notifications)
    .where(eq(notifications.id, row.id));
  const audience_size = await countReceivers(run, {
    audience: row.audience,
    audienceStatus: row.audience_status,
    audienceSearch: row.audience_search,
    targetUserIds: stored?.targetUserIds ?? null,
  });
  return { ...row, audience_size };
}

/** One notification (`get_notification?id=`, and the answer of every change); 404 when absent. */
export async function getNotification(id: number, run?: Db | Tx): Promise<NotificationRow> {
  const [row] = await selectRows(run ?? (await db()), eq(notifications.id, id));
  if (!row) throw new HttpError(404, 'notifications.api.notFound');
  return toRow(row);
}
