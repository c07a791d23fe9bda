/**
 * Fellow administrators (account settings → Administrators): the list, invitations mailed with a
 * single-use set-password link, accepting one, and disabling / re-enabling. One module per use
 * case; this is the area's front door for pages and endpoints.
 */
export { listAdmins } from './list';
export { inviteAdmin } from './invite';
export { acceptInvite, findLiveInvite } from './accept';
export { changeAdminStatus } from './status';
