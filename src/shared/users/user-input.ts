import * as z from 'zod/mini';
import { filterParam, ListQueryInput } from '../../lib/list-query';
import { personName } from '../../lib/person-name';
import { banUntil } from './ban-until';

/**
 * The users area's request shapes (DESIGN.md §5), shared by the islands' forms and the endpoints.
 * Messages are i18n keys or zod's own codes; the server translates them (src/server/http/validation.ts).
 */
export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** `name`, `joined`, `last_active`; a leading `-` sorts descending. Newest first by default. */
export const USER_SORTS = ['name', '-name', 'joined', '-joined', 'last_active', '-last_active'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const DEFAULT_USER_SORT: UserSort = '-joined';

export const userStatus = z.enum(USER_STATUSES);
const optionalStatus = filterParam(userStatus);
export const userId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/** `getusers` and the CSV export: the list query plus a status filter and a sort. */
export const UserListInput = z.extend(ListQueryInput, {
  status: optionalStatus,
  sort: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z._default(z.enum(USER_SORTS), DEFAULT_USER_SORT),
  ),
});
export type UserListInput = z.output<typeof UserListInput>;

/** At most this many ids in one `exportusers?ids=`: enough for any selection, short enough for a URL's query. */
export const EXPORT_IDS_MAX = 10_000;
const ID_LIST = /^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/;

/**
 * `exportusers`: the list's filter, and optionally `ids=1,2,3` (the selected rows; the filter, if
 * given too, still applies). One message names `ids` for any flaw in the list.
 */
export const UserExportInput = z.extend(UserListInput, {
  ids: z.optional(
    z.pipe(
      z.string().check(
        z.refine((value) => {
          if (!ID_LIST.test(value)) return false;
          const ids = value.split(',').map(Number);
          return ids.length <= EXPORT_IDS_MAX && ids.every((id) => id <= 2_147_483_647);
        }, 'validation.idList'),
      ),
      z.transform((value) => [...new Set(value.split(',').map(Number))]),
    ),
  ),
});
export type UserExportInput = z.output<typeof UserExportInput>;

/** The filter part alone: what "all N matching" and the export act on. */
export const UserFilterInput = z.object({
  search: z._default(z.string().check(z.trim()), ''),
  status: optionalStatus,
});
export type UserFilterInput = z.output<typeof UserFilterInput>;

/** Digits with the usual separators and an optional leading +; 5 to 32 characters. */
const PHONE = /^\+?[0-9][0-9 ().-]{3,30}[0-9]$/;

/**
 * `adduser` / `updateuser` fields (multipart text fields; the image travels as the `profile` file).
 * `remove_profile=true` on an update drops the current image.
 */
export const UserInput = z.object({
  first_name: personName,
  last_name: personName,
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(254)),
    z.email('validation.email'),
  ),
  phone: z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.maxLength(32),
        z.refine((value) => value === '' || PHONE.test(value), 'validation.phone'),
      ),
      z.transform((value) => value || null),
    ),
  ),
  status: z._default(userStatus, 'active'),
  remove_profile: z.optional(
    z.pipe(
      z.transform((value: unknown) => value === 'true' || value === '1' || value === true),
      z.boolean(),
    ),
  ),
});
export type UserInput = z.output<typeof UserInput>;

export const UpdateUserInput = z.extend(UserInput, { id: userId });
export type UpdateUserInput = z.output<typeof UpdateUserInput>;

const reason = z.optional(z.string().check(z.trim(), z.maxLength(500)));

/** `changestatus` (POST JSON, or the legacy GET query). The reason is kept in the audit log. */
export const ChangeStatusInput = z.object({
  id: userId,
  status: userStatus,
  reason,
});
export type ChangeStatusInput = z.output<typeof ChangeStatusInput>;

/** `bulkchangestatus`: the selected ids, or every user matching a filter ("all N matching"). */
export const BulkStatusInput = z
  .object({
    status: userStatus,
    reason,
    /** A ban's end (with `status: blocked`); absent: permanent. */
    until: z.optional(z.nullable(banUntil)),
    ids: z.optional(z.array(userId).check(z.minLength(1), z.maxLength(1000))),
    match: z.optional(UserFilterInput),
  })
  .check(
    z.refine((value) => (value.ids === undefined) !== (value.match === undefined), {
      error: 'validation.idsOrMatch',
      path: ['ids'],
    }),
  );
export type BulkStatusInput = z.output<typeof BulkStatusInput>;

export const UserIdInput = z.object({ id: userId });

/** `admin/get-users` (recipient picker and the header's quick search). */
export const UserPickerInput = z.object({ search: z._default(z.string().check(z.trim()), '') });

/** A user as every users endpoint returns it. Timestamps are ISO 8601 strings in UTC. */
export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: UserStatus;
  /** `/images/<hash>.webp`, or null. */
  profile: string | null;
  games_played: number;
  created_at: string;
  last_active_at: string | null;
}

export interface UserStats {
  games: number;
  wins: number;
  last_played_at: string | null;
}

export interface UserPick {
  id: number;
  name: string;
  /** Only for an admin with `users.view`: the pickers of other roles name users and nothing more. */
  email?: string;
}
