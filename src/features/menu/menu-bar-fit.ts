import { fitCount } from './menu-bar';
import { fillMorePanel } from './menu-bar-more';
import { onLookChange } from './shell-media';

/**
 * "Priority+" for the horizontal bar (MenuBar.astro): the server puts every entry in the bar, and
 * this copies them into the hidden "More items" panel (menu-bar-more.ts), then shows each in one place. When all fit in the bar's
 * width, More stays hidden (as the server sent it, so nothing moves on a wide screen); otherwise
 * the entries from the end that do not fit leave the bar for More. `hidden`, not a class: a hidden
 * entry is out of the tab order and the accessibility tree. Widths only, never positions, so it
 * reads the same under dir="rtl". The arithmetic is fitCount (menu-bar.ts).
 */
const bar = document.querySelector<HTMLElement>('[data-menubar]');
const list = bar?.querySelector<HTMLElement>('ul');
const entries = [...(bar?.querySelectorAll<HTMLElement>('[data-menubar-entry]') ?? [])];
const more = bar?.querySelector<HTMLElement>('[data-menubar-more]');
const moreSummary = more?.querySelector<HTMLElement>('summary');
const moreList = more?.querySelector<HTMLElement>('.app-menubar-panel > ul');
// One top-level panel entry per bar entry, in the same order.
const moreEntries = moreList ? fillMorePanel(entries, moreList) : [];

/** Hides or shows `item`, closing any dropdown it held so none stays open out of sight. */
function show(item: HTMLElement, visible: boolean): void {
  item.hidden = !visible;
  if (!visible) for (const details of item.querySelectorAll('details[open]')) details.removeAttribute('open');
}

function fit(): void {
  if (!bar || !list || !more || !moreSummary) return;
  const available = bar.getBoundingClientRect().width;
  // Not on screen (the vertical layout, or below lg): nothing to measure until it shows.
  if (available === 0) return;
  // Everything shown to be measured, then hidden again, in one go: the browser paints only the end.
  for (const entry of entries) entry.hidden = false;
  more.hidden = false;
  const count = fitCount({
    widths: entries.map((entry) => entry.getBoundingClientRect().width),
    gap: parseFloat(getComputedStyle(list).columnGap) || 0,
    available,
    more: more.getBoundingClientRect().width,
  });
  entries.forEach((entry, index) => show(entry, index < count));
  moreEntries.forEach((entry, index) => show(entry, index >= count));
  show(more, count < entries.length);
  // Marked as holding the current page exactly when that page's entry is one it holds.
  const current = entries.slice(count).some((entry) => entry.querySelector('[aria-current]'));
  moreSummary.classList.toggle('has-active', current);
  if (current) moreSummary.setAttribute('aria-current', 'true');
  else moreSummary.removeAttribute('aria-current');
}

if (bar) {
  fit();
  // The bar's width (the window, the horizontal layout switched on or off under lg), the words'
  // widths (web fonts arriving, another font chosen) and the direction all change what fits.
  new ResizeObserver(fit).observe(bar);
  void document.fonts.ready.then(fit);
  document.fonts.addEventListener('loadingdone', fit);
  onLookChange(['data-layout', 'data-font', 'dir'], fit);
}
