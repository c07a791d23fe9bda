import * as z from 'zod/mini';
import { ListQueryInput } from '../../lib/list-query';
import { personName } from '../../lib/person-name';
import { newPassword } from '../auth/auth-input';
import type { Permission } from '../roles/permissions';
import { roleKey } from '../roles/role-input';

/**
 * The fellow-administrators area's request shapes (DESIGN.md §5, the account issue), shared by the
 * islands' forms and the endpoints. Messages are i18n keys or zod's own codes; the server
 * translates them (src/server/http/validation.ts).
 */

/**
 * `invited`: has a mailed set-password link, cannot sign in yet; `disabled`: cannot sign in at all;
 * `pending`: registered (ALLOW_REGISTRATION) and waiting for an Owner's approval.
 */
export const ADMIN_STATUSES = ['active', 'invited', 'disabled', 'pending'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const adminId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/** `getadmins`: the list query (page, record, search over name and email). */
export const AdminListInput = ListQueryInput;
export type AdminListInput = z.output<typeof AdminListInput>;

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(254)),
  z.email('validation.email'),
);

/**
 * `inviteadmin`: a new admin, or a fresh link for one still invited. `role` is optional for the
 * calls made before roles: they invite an Administrator, as every admin was then.
 */
export const InviteAdminInput = z.object({
  first_name: personName,
  last_name: personName,
  email,
  role: z._default(roleKey, 'administrator'),
});
export type InviteAdminInput = z.output<typeof InviteAdminInput>;

/** 43 characters of base64url (256 bits); anything else cannot be one of ours. */
export const inviteToken = z.string().check(z.regex(/^[\w-]{16,128}$/, 'validation.token'));

/** `acceptinvite` (public): the token from the mailed link and the chosen password. */
export const AcceptInviteInput = z.object({ token: inviteToken, password: newPassword });
export type AcceptInviteInput = z.output<typeof AcceptInviteInput>;

/** `changeadminstatus`: disable, or re-enable. `invited` is reached by inviting, never set here. */
export const ChangeAdminStatusInput = z.object({
  id: adminId,
  status: z.enum(['active', 'disabled']),
});
export type ChangeAdminStatusInput = z.output<typeof ChangeAdminStatusInput>;

/** `changeadminrole`: takes effect on the admin's next request. */
export const ChangeAdminRoleInput = z.object({ id: adminId, role: roleKey });
export type ChangeAdminRoleInput = z.output<typeof ChangeAdminRoleInput>;

/** An administrator as `getadmins`, `inviteadmin` and `changeadminstatus` return one. */
export interface AdminRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: AdminStatus;
  /** A built-in role key (named by the catalogues) or a custom one (`role_name`). */
  role: string;
  /** A custom role's name; empty for a built-in one. */
  role_name: string;
  /** What the role allows, prerequisites included. */
  permissions: Permission[];
  created_at: string;
  /** The latest `last_seen_at` of their live sessions, or null. */
  last_seen_at: string | null;
  /** Who sent the latest invitation, if anyone did (and is still an admin). */
  invited_by: string | null;
  /** For an invited admin: when their live link expires; null when they have no live link. */
  invite_expires_at: string | null;
  /** The row of the admin asking. */
  is_self: boolean;
  /** Their kinds of second factor (`passkey`, `totp`), never a secret. */
  mfa: ('passkey' | 'totp')[];
}

/** What the accept-invite page shows of the admin-to-be (read-only). */
export interface InviteeView {
  first_name: string;
  last_name: string;
  email: string;
}
