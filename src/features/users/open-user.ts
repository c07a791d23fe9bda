/** `/users?open=<id>` opens that user's detail panel on arrival (the header's quick search links there). */
export const OPEN_PARAM = 'open';

/** Asks a users screen on this page to open a user's details: cancelled by the one that did. */
export const OPEN_USER_EVENT = 'app:open-user';

/**
 * Opens a user's details: in the users screen of this page when there is one (no reload), else
 * by going to `/users?open=<id>`. Small on purpose: the quick search, on every page, imports it.
 */
export function openUser(id: number): void {
  const handled = !window.dispatchEvent(new CustomEvent(OPEN_USER_EVENT, { detail: id, cancelable: true }));
  if (!handled) window.location.assign(`/users?${OPEN_PARAM}=${id}`);
}
