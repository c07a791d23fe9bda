import * as z from 'zod/mini';
import { roleKey } from '../roles/role-input';
import { adminId, ADMIN_STATUSES, type AdminRow } from './admin-input';

/**
 * Registered administrators (ALLOW_REGISTRATION) wait, as `pending`, for an Owner to approve them
 * with a role or to reject them. Shared by the Administrators tab's dialogs and the endpoints.
 */

/** `approveadmin`: the waiting admin becomes active with `role`. */
export const ApproveAdminInput = z.object({ id: adminId, role: roleKey });
export type ApproveAdminInput = z.output<typeof ApproveAdminInput>;

/** `rejectadmin`: the waiting admin's account is deleted. */
export const RejectAdminInput = z.object({ id: adminId });
export type RejectAdminInput = z.output<typeof RejectAdminInput>;

/** Every status the list shows: admin-input.ts's, and `pending` (registered, waiting for an Owner). */
export const LISTED_ADMIN_STATUSES = [...ADMIN_STATUSES, 'pending'] as const;
export type ListedAdminStatus = (typeof LISTED_ADMIN_STATUSES)[number];

/** An administrator as the list shows one: an AdminRow whose status may also be `pending`. */
export type ListedAdminRow = Omit<AdminRow, 'status'> & { status: ListedAdminStatus };
