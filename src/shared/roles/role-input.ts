import * as z from 'zod/mini';
import { oneLine } from '../../lib/control-characters';
import { PERMISSIONS, type Permission } from './permissions';

/**
 * The roles area's request shapes (DESIGN.md §5), shared by the islands' forms and the endpoints.
 * Messages are i18n keys or zod's own codes; the server translates them.
 */
export const ROLE_NAME_MAX = 60;

/** A built-in key (`owner`, `support`, …) or a custom one (`custom-…`). */
export const roleKey = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(64), z.regex(/^[a-z0-9-]+$/));

/** On one line, as a person's name: it is shown in lists, menus and audit rows. */
const roleName = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(ROLE_NAME_MAX), oneLine());

/** The role form's text field (its permissions are checkboxes, checked on their own). */
export const RoleNameInput = z.object({ name: roleName });

/** `saverole`: a new custom role (no `key`) or a change to one; prerequisites are added by the server. */
export const SaveRoleInput = z.object({
  key: z.optional(roleKey),
  name: roleName,
  permissions: z.array(z.enum(PERMISSIONS)).check(z.minLength(1, 'roles.api.nonePicked'), z.maxLength(100)),
  /**
   * Holders must sign in with a second factor (after MFA_GRACE_DAYS). Only an Owner changes it, on
   * any role: for a built-in role it is the one thing a save changes (its name and permissions are
   * fixed and ignored).
   */
  require_mfa: z.optional(z.boolean()),
});
export type SaveRoleInput = z.output<typeof SaveRoleInput>;

/** `deleterole`: a custom role nobody holds. */
export const DeleteRoleInput = z.object({ key: roleKey });
export type DeleteRoleInput = z.output<typeof DeleteRoleInput>;

/** A role as `getroles` lists it. */
export interface RoleRow {
  key: string;
  /** A custom role's name; empty for a built-in one, which the catalogues name (`roles.builtIn.<key>`). */
  name: string;
  built_in: boolean;
  /** Prerequisites included. */
  permissions: Permission[];
  /** Admins holding it, whatever their status (a disabled admin keeps their role). */
  members: number;
  /** Holders must have a second factor (server/mfa). */
  require_mfa: boolean;
}
