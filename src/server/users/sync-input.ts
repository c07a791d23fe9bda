import type { T } from '../../lib/labels';
import * as z from 'zod/mini';
import { UserInput, userStatus, type UserStatus } from '../../shared/users/user-input';
import { catalogueIssues } from '../../lib/zod-issues';
import { controlCharacterField } from '../http/json-check';
import { fieldErrors } from '../http/validation';

/**
 * `POST /api/app/users` (the product's servers feeding their users in): up to APP_USERS_MAX rows per
 * call, each created or updated by the product's own id. The batch is checked as a whole only for
 * its shape; each row is checked on its own, so one bad row never blocks the others.
 */
export const APP_USERS_MAX = 1000;

export const AppUsersInput = z.object({ users: z.array(z.unknown()) });

const fields = UserInput.shape;

/** One row: the fields of the admin's user form, plus the product's id. */
export const AppUserInput = z.object({
  // The product's ids may be numbers; they are kept as text either way.
  external_id: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
    ),
    z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(100)),
  ),
  first_name: fields.first_name,
  last_name: fields.last_name,
  email: fields.email,
  // Left out: an existing user keeps their phone; null or '' clears it.
  phone: z.pipe(
    z.transform((value: unknown) => (value === null ? '' : value)),
    fields.phone,
  ),
  // Left out: a new user is active, an existing one keeps their status (an admin's block holds).
  status: z.optional(userStatus),
});

export interface AppUserRow {
  /** The row's position in the request's `users` array. */
  index: number;
  external_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** undefined: keep the current phone (null for a new user). */
  phone?: string | null;
  /** undefined: keep the current status ('active' for a new user). */
  status?: UserStatus;
}

export type RejectionCode =
  'invalid' | 'duplicate_external_id' | 'duplicate_email' | 'email_taken' | 'erased';

export interface Rejection {
  index: number;
  /** As sent, when it could be read; null otherwise. */
  external_id: string | null;
  /** The first field at fault (`row` when the row is not an object at all). */
  field: string;
  /** For programs: what kind of problem. */
  code: RejectionCode;
  /** For people: a sentence in the request's language. */
  reason: string;
}

function sentId(row: unknown): string | null {
  const value = (row as { external_id?: unknown } | null)?.external_id;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
}

/** Checks each row with the schema; the bad ones are rejected with their first faulty field. */
export function checkRows(rows: readonly unknown[], t: T) {
  const valid: AppUserRow[] = [];
  const rejected: Rejection[] = [];
  rows.forEach((row, index) => {
    const textField = controlCharacterField(row);
    if (textField) {
      const reason = t('validation.controlCharacter');
      rejected.push({ index, external_id: sentId(row), field: textField, code: 'invalid', reason });
      return;
    }
    const result = AppUserInput.safeParse(row, catalogueIssues);
    if (result.success) {
      valid.push({ index, ...result.data });
      return;
    }
    const [field, reason] = Object.entries(fieldErrors(result.error, t))[0] ?? ['row', ''];
    rejected.push({
      index,
      external_id: sentId(row),
      field: field === 'body' ? 'row' : field,
      code: 'invalid',
      reason,
    });
  });
  return { valid, rejected };
}

/**
 * Within one batch an external id or an email (in any letter case) may appear once: the first row
 * that uses it goes ahead, and every later one is rejected, naming the row it repeats.
 */
export function dropRepeats(rows: readonly AppUserRow[], t: T) {
  const accepted: AppUserRow[] = [];
  const rejected: Rejection[] = [];
  const ids = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const row of rows) {
    const email = row.email.toLowerCase();
    const earlierId = ids.get(row.external_id);
    const earlierEmail = emails.get(email);
    if (earlierId !== undefined || earlierEmail !== undefined) {
      const byId = earlierId !== undefined;
      rejected.push({
        index: row.index,
        external_id: row.external_id,
        field: byId ? 'external_id' : 'email',
        code: byId ? 'duplicate_external_id' : 'duplicate_email',
        reason: t(byId ? 'appApi.users.duplicateExternalId' : 'appApi.users.duplicateEmail', {
          index: byId ? earlierId : earlierEmail,
        }),
      });
      continue;
    }
    ids.set(row.external_id, row.index);
    emails.set(email, row.index);
    accepted.push(row);
  }
  return { accepted, rejected };
}
