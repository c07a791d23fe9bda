import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab cycling inside a dialog. react-bootstrap's own trap only reacts when focus
 * lands on another element of the page, so Tab from the last button could still leave for the
 * browser's toolbar; wrapping here keeps keyboard users in the dialog until they answer it.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const container = event.currentTarget;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const atStart = active === first || active === container || !container.contains(active);
  const atEnd = active === last || !container.contains(active);
  if (event.shiftKey && atStart) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && atEnd) {
    event.preventDefault();
    first.focus();
  }
}
