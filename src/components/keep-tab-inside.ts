import type { KeyboardEvent } from 'react';
import { reachable, wrapTarget } from './focus-wrap';

/**
 * Keeps Tab and Shift+Tab cycling inside a dialog. react-bootstrap's own trap only reacts when focus
 * lands on another element of the page, so Tab from the last button could still leave for the
 * browser's toolbar; wrapping here keeps keyboard users in the dialog until they answer it.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const container = event.currentTarget;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && container.contains(active) && active !== container;
  const target = wrapTarget(reachable(container), inside ? active : null, event.shiftKey);
  if (target) {
    event.preventDefault();
    target.focus();
  }
}
