import type { MenuItem } from '../../shared/menu/menu-items';

/**
 * The bar's top-level entries. A top-level group is a titled section of the drawer, not a place
 * to go: in a bar its heading would be a dropdown hiding the most used pages, so it dissolves into
 * its children. Everything nested deeper (collapses, groups inside groups) stays one entry and
 * becomes a dropdown.
 */
export function barEntries(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.type === 'group' ? item.children : [item]));
}

/** What the bar measured, in CSS pixels: how wide it is, and what it has to place in a row. */
export interface BarMeasures {
  /** Each entry's own width, in the bar's order. */
  widths: readonly number[];
  /** The space between two neighbours (the list's `column-gap`). */
  gap: number;
  /** The width the entries (and "More items", if needed) must fit in. */
  available: number;
  /** The width of the "More items" button. */
  more: number;
}

/**
 * Layout works in fractions of a pixel (Chromium in 1/64 px); a sum of them may land a hair
 * above a width it equals. Less than this is no overflow anyone could see.
 */
const TOLERANCE_PX = 0.01;

/**
 * How many entries, from the start, stay in the bar ("priority+" navigation): all of them when
 * they fit in a row; otherwise as many as fit with "More items" after them, the rest going into
 * it. Zero when even "More items" alone does not fit (it still shows: nothing must be out of
 * reach).
 */
export function fitCount({ widths, gap, available, more }: BarMeasures): number {
  const limit = available + TOLERANCE_PX;
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);
  if (total <= limit) return widths.length;
  // `used` is the room the first `count` entries take, each followed by a gap (before More).
  let count = 0;
  let used = 0;
  for (const width of widths) {
    if (used + width + gap + more > limit) break;
    used += width + gap;
    count += 1;
  }
  return count;
}
