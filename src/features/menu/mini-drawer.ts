import { drawer, fromLg, fromWide, isRailLayout, onLookChange, shell } from './shell-media';

/**
 * The mini drawer (`<html data-drawer-mode="mini">` docked from `lg` up, and the default from
 * `lg` to 1280 px unless pinned open): a 72 px rail of icons.
 * - Resting the mouse on it (a short hover intent, so passing over it does not flash) sets
 *   `data-peek`, and the stylesheet widens it to the full drawer over the content.
 * - Each entry's label shows in a tooltip beside the icon, on hover and on keyboard focus. The
 *   tooltip lives outside the drawer (the rail scrolls, and a scroller would clip it) and is
 *   `aria-hidden`: the entry's own, visually hidden title stays its one accessible name.
 */
const PEEK_DELAY_MS = 250;
const GAP_PX = 8;

const tooltip = document.createElement('div');
tooltip.className = 'app-menu-tooltip';
tooltip.setAttribute('aria-hidden', 'true');
tooltip.hidden = true;
document.body.append(tooltip);

let peekTimer: number | undefined;

function isRail(): boolean {
  return isRailLayout() && shell?.dataset['drawer'] !== 'closed';
}

function isPeeking(): boolean {
  return drawer?.dataset['peek'] !== undefined;
}

function hideTooltip(): void {
  tooltip.hidden = true;
}

function showTooltip(entry: HTMLElement): void {
  const text = entry.querySelector('.app-menu-title')?.textContent?.trim();
  if (!text || !isRail() || isPeeking()) return;
  tooltip.textContent = text;
  tooltip.hidden = false;
  // Beside the rail's outer edge (on the left under dir="rtl"), level with the entry.
  const box = entry.getBoundingClientRect();
  const rail = (drawer ?? entry).getBoundingClientRect();
  const rtl = getComputedStyle(entry).direction === 'rtl';
  const left = rtl ? rail.left - GAP_PX - tooltip.offsetWidth : rail.right + GAP_PX;
  tooltip.style.left = `${Math.round(left)}px`;
  tooltip.style.top = `${Math.round(box.top + (box.height - tooltip.offsetHeight) / 2)}px`;
}

function stopPeeking(): void {
  window.clearTimeout(peekTimer);
  if (drawer) delete drawer.dataset['peek'];
  hideTooltip();
}

const entryOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('.app-menu-link') : null;

drawer?.addEventListener('pointerenter', (event) => {
  // A tap is not a hover: on touch screens the rail stays a rail and the icons are links.
  if (!isRail() || event.pointerType === 'touch') return;
  peekTimer = window.setTimeout(() => {
    if (drawer) drawer.dataset['peek'] = '';
    hideTooltip();
  }, PEEK_DELAY_MS);
});
drawer?.addEventListener('pointerleave', stopPeeking);

drawer?.addEventListener('pointerover', (event) => {
  const entry = entryOf(event.target);
  if (entry && event.pointerType !== 'touch') showTooltip(entry);
});
drawer?.addEventListener('pointerout', (event) => {
  if (entryOf(event.target) !== entryOf(event.relatedTarget)) hideTooltip();
});
drawer?.addEventListener('focusin', (event) => {
  const entry = entryOf(event.target);
  if (entry?.matches(':focus-visible')) showTooltip(entry);
});
drawer?.addEventListener('focusout', hideTooltip);
drawer?.addEventListener('scroll', hideTooltip, { passive: true });
window.addEventListener('resize', hideTooltip);

onLookChange(['data-drawer-mode', 'data-menu-pinned', 'data-layout', 'dir'], stopPeeking);
fromLg.addEventListener('change', stopPeeking);
fromWide.addEventListener('change', stopPeeking);
