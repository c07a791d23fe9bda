import {
  isPermission,
  prerequisitesOf,
  withPrerequisites,
  type Permission,
} from '../../shared/roles/permissions';

/**
 * The permissions the ticked ones bring with them, each with the note naming the first that does
 * ("“Block and unblock users” includes “See users”"), in the vocabulary's order. A brought one the
 * person also ticked is listed too: it stays on for as long as what brings it does.
 */
export function impliedPermissions(
  ticked: Iterable<string>,
  note: (by: Permission, permission: Permission) => string,
): Map<Permission, string> {
  const implied = new Map<Permission, string>();
  for (const by of withPrerequisites([...ticked].filter(isPermission))) {
    for (const permission of prerequisitesOf(by)) {
      if (!implied.has(permission)) implied.set(permission, note(by, permission));
    }
  }
  return implied;
}
