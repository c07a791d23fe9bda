/** What Tab can reach: links, `<summary>` toggles, buttons, form fields. */
const FOCUSABLE = [
  'a[href]',
  'summary',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The focusable elements of `container` a person can actually reach: not in a closed `<details>`
 * (whose content browsers now hide with `content-visibility`, keeping its boxes), not in a
 * `display: none` or `visibility: hidden` part.
 */
export function reachable(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
    typeof element.checkVisibility === 'function'
      ? element.checkVisibility({ visibilityProperty: true })
      : element.getClientRects().length > 0 && !element.closest('details:not([open]) > :not(summary)'),
  );
}

/**
 * Where Tab (or Shift+Tab) must go to stay inside a list of `items`, or `null` when the browser's
 * own move already stays inside. Focus outside the list enters it at the near end.
 */
export function wrapTarget<T>(items: readonly T[], active: T | null, backwards: boolean): T | null {
  const first = items[0];
  const last = items.at(-1);
  if (first === undefined || last === undefined) return null;
  const index = active === null ? -1 : items.indexOf(active);
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === items.length - 1) return first;
  return null;
}
