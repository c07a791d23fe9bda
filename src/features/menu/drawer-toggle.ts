import { reachable, wrapTarget } from '../../components/focus-wrap';
import { readCookie } from '../../lib/preference-cookie';
import { DRAWER_COOKIE, drawerCookie, isDrawerClosed } from './drawer-cookie';
import { drawer, fromLg, fromMd, onLookChange, shell } from './shell-media';

/**
 * Opens and closes the side drawer (breakpoints in shell-media.ts). The header button hides and
 * shows it in every vertical mode, mini included; the horizontal bar has no button. Below `md` the
 * open drawer is modal: Tab stays inside, Escape or the backdrop close it, focus returns to the
 * button. Below `lg` choosing an entry closes it at once. Without JavaScript the docked drawer
 * still shows from `lg` up and the button does nothing.
 */
const toggle = document.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
const backdrop = document.querySelector<HTMLElement>('[data-drawer-backdrop]');
const main = document.querySelector<HTMLElement>('#main');

function isOpen(): boolean {
  const state = shell?.dataset['drawer'];
  return state ? state === 'open' : fromLg.matches;
}

function isModal(): boolean {
  return !fromMd.matches && isOpen();
}

function render(): void {
  toggle?.setAttribute('aria-expanded', String(isOpen()));
  const modal = isModal();
  if (backdrop) backdrop.hidden = !modal;
  // Screen readers' virtual cursor must not wander into the page under the overlay either.
  if (main) main.inert = modal;
}

function setOpen(open: boolean): void {
  if (!shell) return;
  shell.dataset['drawer'] = open ? 'open' : 'closed';
  render();
  // The overlay sits over the page, so keyboard users are taken into it, and back out on close.
  if (!fromMd.matches) (open ? drawer && reachable(drawer)[0] : toggle)?.focus();
}

/**
 * Back to the default of the current breakpoint and layout (a choice made for another means
 * nothing here), except that a docked drawer the admin closed stays closed.
 */
function reset(): void {
  if (!shell) return;
  if (isDrawerClosed(readCookie(document.cookie, DRAWER_COOKIE))) shell.dataset['drawer'] = 'closed';
  else delete shell.dataset['drawer'];
  render();
}

toggle?.addEventListener('click', () => {
  const open = !isOpen();
  setOpen(open);
  // Only the docked drawer's state outlives the page; below `lg` it starts closed anyway.
  if (fromLg.matches) document.cookie = drawerCookie(!open, window.location.protocol === 'https:');
});
backdrop?.addEventListener('click', () => setOpen(false));

document.addEventListener('keydown', (event) => {
  if (!isModal() || !drawer) return;
  if (event.key === 'Escape' && !(event.target as Element | null)?.closest?.('[role="dialog"], dialog')) {
    setOpen(false);
  } else if (event.key === 'Tab') {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = wrapTarget(reachable(drawer), active, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }
});

// Below `lg` the drawer gives the page back as soon as an entry is chosen, before the next page
// arrives. A new tab (modifier keys, external links) leaves this page where it was.
drawer?.addEventListener('click', (event) => {
  if (fromLg.matches || event.defaultPrevented || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
  if (link && link.target !== '_blank') setOpen(false);
});

fromLg.addEventListener('change', reset);
fromMd.addEventListener('change', render);
onLookChange(['data-layout'], reset);
render();
