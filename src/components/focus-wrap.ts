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

const FIELDS = 'input, select, textarea';

/**
 * Where a dialog that has just opened puts focus: its first field a person can reach, else (a
 * question with nothing to fill in) the first button of its footer, which leaves things as they
 * are. Not the dialog itself, where a keyboard user would have to Tab once before doing anything.
 */
export function firstStop(dialog: HTMLElement): HTMLElement | undefined {
  const stops = reachable(dialog);
  const footer = dialog.querySelector('.modal-footer');
  return (
    stops.find((stop) => stop.matches(FIELDS)) ??
    (footer ? stops.find((stop) => footer.contains(stop)) : undefined) ??
    stops[0]
  );
}

/**
 * For a react-bootstrap Modal's `onEntered`: once it is open, focus moves from the dialog element
 * (where react-bootstrap puts it, having noted the control to give it back to) to its first stop.
 * Unless the person has moved on inside it during the opening animation: their place stays.
 */
export function focusFirstStop(dialog: HTMLElement): void {
  const active = document.activeElement;
  if (
    active &&
    active !== dialog &&
    dialog.contains(active) &&
    !active.matches('.modal-dialog, .modal-content')
  )
    return;
  firstStop(dialog)?.focus();
}
