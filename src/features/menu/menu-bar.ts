import type { MenuItem } from './menu-items';

/**
 * How many entries the horizontal bar shows before the rest go into its "More items" dropdown.
 * Four keep the bar on one line at the `lg` breakpoint (992 px) in every language we ship.
 */
export const HORIZONTAL_MAX_ITEMS = 4;

/**
 * The bar's top-level entries. A top-level group is a titled section of the drawer, not a place
 * to go: in a bar its heading would be a dropdown hiding the most used pages, so it dissolves into
 * its children. Everything nested deeper (collapses, groups inside groups) stays one entry and
 * becomes a dropdown.
 */
export function barEntries(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.type === 'group' ? item.children : [item]));
}

export interface BarSplit {
  shown: MenuItem[];
  more: MenuItem[];
}

/** The first `max` entries stay in the bar; those beyond it go into "More items". */
export function splitBar(entries: readonly MenuItem[], max: number = HORIZONTAL_MAX_ITEMS): BarSplit {
  const count = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : entries.length;
  return { shown: entries.slice(0, count), more: entries.slice(count) };
}
