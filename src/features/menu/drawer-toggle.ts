/**
 * Opens and closes the side drawer. From `lg` up it is docked and open by default; below, it is
 * an overlay, closed by default, that Escape or a click on the backdrop closes again. Without
 * JavaScript the docked drawer still shows, and the button simply does nothing.
 */
const docked = window.matchMedia('(min-width: 992px)');
const shell = document.querySelector<HTMLElement>('[data-app-shell]');
const toggle = document.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
const drawer = document.querySelector<HTMLElement>('#app-drawer');
const backdrop = document.querySelector<HTMLElement>('[data-drawer-backdrop]');

function isOpen(): boolean {
  const state = shell?.dataset['drawer'];
  return state ? state === 'open' : docked.matches;
}

function render(): void {
  const open = isOpen();
  toggle?.setAttribute('aria-expanded', String(open));
  if (backdrop) backdrop.hidden = !open || docked.matches;
}

function setOpen(open: boolean): void {
  if (!shell) return;
  shell.dataset['drawer'] = open ? 'open' : 'closed';
  render();
  // The overlay sits over the page, so keyboard users are taken into it, and back out on close.
  if (!docked.matches) (open ? drawer?.querySelector<HTMLElement>('a, summary') : toggle)?.focus();
}

toggle?.addEventListener('click', () => setOpen(!isOpen()));
backdrop?.addEventListener('click', () => setOpen(false));
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !docked.matches && isOpen()) setOpen(false);
});
// A choice made for one layout means nothing in the other: going back to that layout's default.
docked.addEventListener('change', () => {
  if (shell) delete shell.dataset['drawer'];
  render();
});
render();
