import * as z from 'zod/mini';
import { USER_STATUSES, type UserStatus } from '../../shared/users/user-input';
import { SendNotificationInput, USER_IDS_MAX } from '../../shared/notifications/notification-input';
import { zonedToUtc } from './local-time';

/** The composer's audience choice: picked users, everyone, or everyone with a status. */
export const AUDIENCE_CHOICES = ['users', 'all', 'status'] as const;
export type AudienceChoice = (typeof AUDIENCE_CHOICES)[number];

/** What the composer opens with: arriving from /users, or empty. */
export interface ComposerPrefill {
  choice: AudienceChoice;
  userIds: number[];
  status: UserStatus | null;
  /** The users list's search the selection came from ("all matching"); '' for none. */
  search: string;
}

export const EMPTY_PREFILL: ComposerPrefill = { choice: 'users', userIds: [], status: null, search: '' };

/**
 * Reads the links of src/features/users/users-links.ts `notifyLink`: `?user_ids=1,2,3`,
 * `?match_search=…&match_status=…` or `?match_all=true`. Null when the address asks for none
 * (the composer then stays closed). Bad ids are dropped, not guessed at.
 */
export function parsePrefill(params: URLSearchParams): ComposerPrefill | null {
  const ids = params.get('user_ids');
  if (ids !== null) {
    const userIds = [
      ...new Set(
        ids
          .split(',')
          .map((part) => part.trim())
          .filter((part) => /^\d{1,10}$/.test(part))
          .map(Number)
          .filter((id) => id > 0 && id <= 2_147_483_647),
      ),
    ].slice(0, USER_IDS_MAX);
    return { ...EMPTY_PREFILL, userIds };
  }
  const search = (params.get('match_search') ?? '').trim().slice(0, 200);
  const wanted = params.get('match_status');
  const status = (USER_STATUSES as readonly string[]).includes(wanted ?? '') ? (wanted as UserStatus) : null;
  if (!search && !status && params.get('match_all') !== 'true') return null;
  return { choice: status ? 'status' : 'all', userIds: [], status, search };
}

/** The composer's form fields, as FormData gives them. */
export type ComposerFields = Record<string, string>;

/**
 * The form's flat fields → the body of `admin/bulk-notifications`. A schedule that is not a real
 * date and time becomes an invalid `scheduled_at`, so the endpoint's schema names that field.
 */
export function composerBody(fields: ComposerFields, zone: string): Record<string, unknown> {
  const body: Record<string, unknown> = { title: fields.title ?? '', message: fields.message ?? '' };
  const choice = fields.audience as AudienceChoice;
  if (choice === 'all' || choice === 'status') {
    body.all = true;
    if (choice === 'status') body.status = fields.status || undefined;
    if (fields.search) body.search = fields.search;
  } else {
    const ids = (fields.user_ids ?? '').split(',').filter(Boolean).map(Number);
    // No ids at all is "no audience" (the schema's own message), not an empty list.
    if (ids.length) body.user_ids = ids;
  }
  if (fields.later === 'on') {
    body.scheduled_at =
      zonedToUtc(fields.scheduled_date ?? '', fields.scheduled_time ?? '', zone) ?? 'invalid';
  }
  return body;
}

/** The endpoint's schema, read from the composer's fields: the browser checks what the server will. */
export function composerSchema(zone: string) {
  return z.pipe(
    z.transform((fields: unknown) => composerBody(fields as ComposerFields, zone)),
    SendNotificationInput,
  );
}
