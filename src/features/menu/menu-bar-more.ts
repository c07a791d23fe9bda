/**
 * The horizontal bar's "More items" panel, filled in the browser from the bar's own entries
 * (issue #43: the server draws the menu once for the bar, not again for the panel). One panel
 * entry per bar entry, in the same order, so menu-bar-fit.ts shows each in one place or the other:
 * - a link (or a disabled entry, or the error line) is copied as it is, `aria-current` included;
 * - a dropdown becomes a titled section: its title as a heading, its panel's list under it (a
 *   dropdown inside a dropdown would be one click too many).
 * Copied ids get a suffix, and the labels that point at them follow, so no id is on the page twice.
 */
export function fillMorePanel(barEntries: readonly HTMLElement[], list: HTMLElement): HTMLElement[] {
  const made = barEntries.map((entry, index) => {
    const item = document.createElement('li');
    const dropdown = entry.querySelector<HTMLDetailsElement>(':scope > details');
    const panelList = dropdown?.querySelector<HTMLElement>(':scope > .app-menubar-panel > ul');
    if (dropdown && panelList) {
      const heading = document.createElement('p');
      heading.className = 'app-menu-heading';
      heading.id = `menubar-more-heading-${index}`;
      heading.textContent = dropdown.querySelector('summary .app-menu-title')?.textContent ?? '';
      const children = copyWithOwnIds(panelList);
      children.setAttribute('aria-labelledby', heading.id);
      item.className = 'app-menubar-section';
      item.append(heading, children);
    } else {
      const only = entry.firstElementChild;
      if (only?.classList.contains('app-menu-error')) item.className = 'app-menu-error';
      if (only)
        item.append(
          only.classList.contains('app-menu-error') ? (only.textContent ?? '') : copyWithOwnIds(only),
        );
    }
    item.hidden = true;
    return item;
  });
  list.replaceChildren(...made);
  return made;
}

const SUFFIX = '-more';

function copyWithOwnIds<T extends Element>(element: T): T {
  const copy = element.cloneNode(true) as T;
  for (const node of copy.querySelectorAll('[id]')) node.id += SUFFIX;
  for (const node of copy.querySelectorAll('[aria-labelledby]')) {
    const ids = node.getAttribute('aria-labelledby')!.split(/\s+/);
    node.setAttribute('aria-labelledby', ids.map((id) => id + SUFFIX).join(' '));
  }
  return copy;
}
