/**
 * What a signed-in admin may leave in this browser's script-readable storage. The sign-in steps
 * keep nothing here: what they hand each other travels in short-lived HttpOnly cookies
 * (src/server/auth/pending-cookies.ts), and the session is an HttpOnly cookie too.
 */
/** localStorage keys under this prefix belong to the signed-in admin and are cleared at logout. */
export const ADMIN_STATE_PREFIX = 'admin:';

/** sessionStorage, or null where the browser refuses it (storage disabled, sandboxed frame). */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Logout: nothing the admin left in this browser outlives the session. */
export function clearAdminState(
  session: Pick<Storage, 'clear'> | null = tabStorage(),
  local: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
): void {
  session?.clear();
  if (!local) return;
  const keys = Array.from({ length: local.length }, (_, index) => local.key(index));
  for (const key of keys) if (key?.startsWith(ADMIN_STATE_PREFIX)) local.removeItem(key);
}
