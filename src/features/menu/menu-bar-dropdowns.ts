/**
 * What `<details>` does not do by itself for the horizontal bar's dropdowns (MenuBar.astro):
 * one open at a time, Escape closes the open one and puts focus back on its button, and a click
 * or a Tab elsewhere closes it.
 */
const bar = document.querySelector<HTMLElement>('.app-menubar');

function openDropdowns(): HTMLDetailsElement[] {
  return bar ? [...bar.querySelectorAll<HTMLDetailsElement>('details[open]')] : [];
}

function close(dropdown: HTMLDetailsElement, refocus: boolean): void {
  dropdown.open = false;
  if (refocus) dropdown.querySelector<HTMLElement>('summary')?.focus();
}

// `toggle` does not bubble; capturing sees every dropdown's.
bar?.addEventListener(
  'toggle',
  (event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
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

bar?.addEventListener('focusout', (event) => {
  const next = event.relatedTarget;
  // No `relatedTarget`: focus left the window or went to nothing; a click outside handles that.
  if (!(next instanceof Node)) return;
  for (const dropdown of openDropdowns()) if (!dropdown.contains(next)) close(dropdown, false);
});
