/**
 * The shell's breakpoints, Bootstrap's `lg` and `md` (`$grid-breakpoints`), which _shell.scss uses
 * too: from `lg` the drawer is docked and open by default (or the horizontal bar replaces it);
 * between `md` and `lg` it is closed by default and docks beside the content when opened; below
 * `md` it is an overlay with a backdrop. Browser-only (the menu scripts import it).
 */
export const fromLg = window.matchMedia('(min-width: 992px)');
export const fromMd = window.matchMedia('(min-width: 768px)');
/** From here up the full drawer is the default; from `lg` to here it is the mini rail unless pinned. */
export const fromWide = window.matchMedia('(min-width: 1280px)');

/** The drawer region's container and the `<html>` element whose attributes carry the look. */
export const root = document.documentElement;
export const shell = document.querySelector<HTMLElement>('[data-app-shell]');
export const drawer = document.querySelector<HTMLElement>('#app-drawer');

/** From `lg` up, `data-layout="horizontal"` turns the drawer region into the menu bar. */
export function isHorizontal(): boolean {
  return fromLg.matches && root.dataset['layout'] === 'horizontal';
}

/**
 * Whether the docked vertical drawer is the 72 px rail: the mini mode chosen in the settings, or
 * from `lg` to 1280 px unless the admin pinned the full menu open. _shell.scss's `app-rail` says the same.
 */
export function isRailLayout(): boolean {
  if (!fromLg.matches || isHorizontal()) return false;
  return (
    root.dataset['drawerMode'] === 'mini' || (!fromWide.matches && root.dataset['menuPinned'] !== 'true')
  );
}

/** Calls `listener` whenever the settings drawer changes the look on `<html>`. */
export function onLookChange(attributes: string[], listener: () => void): void {
  new MutationObserver(listener).observe(root, { attributes: true, attributeFilter: attributes });
}
