/**
 * What `<details>` does not do by itself for a dropdown (`<details data-dropdown>`: the menu
 * bar's, the header's account menu): one open at a time, Escape closes the open one and puts
 * focus back on its summary, and a click or a Tab elsewhere closes it. Without this script the
 * dropdowns still open and close by mouse and keyboard.
 */
const SELECTOR = 'details[data-dropdown]';

function openDropdowns(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>(`${SELECTOR}[open]`)];
}

function close(dropdown: HTMLDetailsElement, refocus: boolean): void {
  dropdown.open = false;
  if (refocus) dropdown.querySelector<HTMLElement>('summary')?.focus();
}

// `toggle` does not bubble; capturing sees every dropdown's.
document.addEventListener(
  'toggle',
  (event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.matches(SELECTOR)) return;
    for (const other of openDropdowns()) if (other !== opened && !other.contains(opened)) close(other, false);
  },
  true,
);

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const dropdown of openDropdowns()) {
    close(dropdown, dropdown.contains(document.activeElement));
  }
});

document.addEventListener('click', (event) => {
  for (const dropdown of openDropdowns()) {
    if (!dropdown.contains(event.target as Node)) close(dropdown, false);
  }
});

document.addEventListener('focusout', (event) => {
  const next = event.relatedTarget;
  // No `relatedTarget`: focus left the window or went to nothing; a click outside handles that.
  if (!(next instanceof Node)) return;
  for (const dropdown of openDropdowns()) if (!dropdown.contains(next)) close(dropdown, false);
});
