/**
 * The thin bar at the top while the next page loads. Pages are full documents, so the bar lives
 * only until the browser swaps documents; it is hidden again when a page comes back from the
 * back/forward cache or a navigation ends without a new page (a download, a 204).
 */
const bar = document.querySelector<HTMLElement>('[data-page-progress]');
/** Long enough for any real page; only a navigation that produced no page ever reaches it. */
const GIVE_UP_MS = 15_000;
let giveUp: number | undefined;

function show(): void {
  if (!bar) return;
  bar.hidden = false;
  // Restart the growth from zero: the class is removed, styles are read, then it is added again.
  bar.classList.remove('is-loading');
  void bar.offsetWidth;
  bar.classList.add('is-loading');
  window.clearTimeout(giveUp);
  giveUp = window.setTimeout(hide, GIVE_UP_MS);
}

function hide(): void {
  if (!bar) return;
  bar.hidden = true;
  bar.classList.remove('is-loading');
  window.clearTimeout(giveUp);
}

function leavesThisDocument(target: URL): boolean {
  if (target.origin !== window.location.origin) return false;
  const here = new URL(window.location.href);
  // Only the fragment differs: the browser scrolls, nothing loads.
  return !(target.pathname === here.pathname && target.search === here.search && target.hash !== '');
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return;
  if (leavesThisDocument(new URL(link.href))) show();
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.target) return;
  if (leavesThisDocument(new URL(form.action, window.location.href))) show();
}

// Bubbling listeners run after the islands' own handlers, so a click or submit that an island
// handled (and prevented) does not start the bar.
document.addEventListener('click', onClick);
document.addEventListener('submit', onSubmit);
window.addEventListener('pageshow', hide);

// A module, so its top-level names stay its own (Astro bundles it as one anyway).
export {};
