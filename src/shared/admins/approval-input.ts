import * as z from 'zod/mini';
import { roleKey } from '../roles/role-input';
import { adminId } from './admin-input';

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
