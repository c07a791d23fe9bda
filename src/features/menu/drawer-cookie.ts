import { preferenceCookie } from '../../lib/preference-cookie';

/**
 * Whether the admin closed the docked drawer (from `lg` up). It is a cookie because it changes the
 * server-rendered shell (CONVENTIONS.md habit 9): the next page is painted with the drawer closed
 * instead of opening it and closing it again after the script runs. Below `lg` the drawer is
 * closed by default anyway, so one value serves every width.
 */
export const DRAWER_COOKIE = 'drawer';
export const DRAWER_CLOSED = 'closed';

export function isDrawerClosed(value: string | null | undefined): boolean {
  return value === DRAWER_CLOSED;
}

/** The `document.cookie` assignment that remembers (or forgets) a closed docked drawer. */
export function drawerCookie(closed: boolean, secure: boolean): string {
  const cookie = preferenceCookie(DRAWER_COOKIE, DRAWER_CLOSED, secure);
  return closed ? cookie : cookie.replace(/Max-Age=\d+/, 'Max-Age=0');
}
