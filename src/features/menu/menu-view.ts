import type { IconName } from '../../components/icons/icon-svg';
import type { I18nKey } from '../../i18n/keys';
import { barEntries } from './menu-bar';
import { findActivePath, type ChipVariant, type MenuItem } from '../../shared/menu/menu-items';

/**
 * What the menus draw, worked out from the menu data for one page: which entry is current, which
 * section is open, what each entry reads. The .astro components (DrawerMenu, MenuBar) only turn
 * this into HTML, so the decisions are tested here, without rendering.
 */

/** Translates an i18n key; the layout passes `Astro.locals.t`, so no i18n runtime is needed here. */
export type Translate = (key: I18nKey) => string;

/** An entry's icon, title and chip. The title stays in the DOM in every layout: it is the accessible name. */
export interface EntryLook {
  icon?: IconName;
  title: string;
  chip?: { label: string; variant: ChipVariant };
}

/** A link, or a disabled entry shown (and named) as text. */
export type LinkView =
  | { kind: 'link'; key: string; look: EntryLook; href: string; current: boolean; external: boolean }
  | { kind: 'disabled'; key: string; look: EntryLook };

/** Hand-written menu data with a typo in `type` shows up on screen rather than vanishing. */
export interface ErrorView {
  kind: 'error';
  key: string;
}

/** One entry of the drawer's vertical menu. */
export type DrawerEntry =
  | LinkView
  | ErrorView
  | { kind: 'group'; key: string; title: string; headingId: string; children: DrawerEntry[] }
  | { kind: 'collapse'; key: string; look: EntryLook; open: boolean; children: DrawerEntry[] };

/** One entry of a menu bar dropdown: links, and nested sections as a titled sub-list. */
export type PanelEntry =
  | LinkView
  | ErrorView
  | { kind: 'section'; key: string; title: string; headingId: string; children: PanelEntry[] | null };

/** One entry of the horizontal bar itself. */
export type BarEntry =
  | LinkView
  | ErrorView
  | { kind: 'dropdown'; key: string; look: EntryLook; current: boolean; panel: PanelEntry[] };

export interface BarView {
  /** Every entry, in the bar; the browser copies them into "More items" (menu-bar-more.ts). */
  entries: BarEntry[];
}

function lookOf(item: MenuItem, label: Translate): EntryLook {
  return {
    ...(item.icon ? { icon: item.icon } : {}),
    title: label(item.titleKey),
    ...(item.chip ? { chip: { label: label(item.chip.labelKey), variant: item.chip.variant } } : {}),
  };
}

const keyOf = (item: MenuItem, index: number) => item.id ?? String(index);

function linkView(
  item: MenuItem & { type: 'item' },
  key: string,
  active: ReadonlySet<string>,
  label: Translate,
): LinkView {
  const look = lookOf(item, label);
  if (item.disabled) return { kind: 'disabled', key, look };
  return {
    kind: 'link',
    key,
    look,
    href: item.url,
    current: active.has(item.id),
    external: Boolean(item.external),
  };
}

function drawerEntry(
  item: MenuItem,
  index: number,
  active: ReadonlySet<string>,
  label: Translate,
): DrawerEntry {
  const key = keyOf(item, index);
  switch (item.type) {
    case 'group':
      return {
        kind: 'group',
        key,
        title: label(item.titleKey),
        headingId: `menu-heading-${item.id}`,
        children: item.children.map((child, i) => drawerEntry(child, i, active, label)),
      };
    case 'collapse':
      if (item.disabled) return { kind: 'disabled', key, look: lookOf(item, label) };
      return {
        kind: 'collapse',
        key,
        look: lookOf(item, label),
        open: active.has(item.id),
        children: item.children.map((child, i) => drawerEntry(child, i, active, label)),
      };
    case 'item':
      return linkView(item, key, active, label);
    default:
      return { kind: 'error', key };
  }
}

/** The vertical menu in the drawer (full width or the mini rail; CSS decides). */
export function drawerView(items: readonly MenuItem[], pathname: string, label: Translate): DrawerEntry[] {
  const active = new Set(findActivePath(items, pathname));
  return items.map((item, index) => drawerEntry(item, index, active, label));
}

function panelEntries(
  items: readonly MenuItem[],
  active: ReadonlySet<string>,
  label: Translate,
): PanelEntry[] {
  return items.map((item, index): PanelEntry => {
    const key = keyOf(item, index);
    if (item.type === 'item') return linkView(item, key, active, label);
    if (item.type !== 'group' && item.type !== 'collapse') return { kind: 'error', key };
    return {
      kind: 'section',
      key,
      title: label(item.titleKey),
      headingId: `menubar-heading-${item.id}`,
      children: item.disabled ? null : panelEntries(item.children, active, label),
    };
  });
}

function barEntry(item: MenuItem, index: number, active: ReadonlySet<string>, label: Translate): BarEntry {
  const key = keyOf(item, index);
  switch (item.type) {
    case 'item':
      return linkView(item, key, active, label);
    case 'group':
    case 'collapse':
      if (item.disabled) return { kind: 'disabled', key, look: lookOf(item, label) };
      return {
        kind: 'dropdown',
        key,
        look: lookOf(item, label),
        current: active.has(item.id),
        panel: panelEntries(item.children, active, label),
      };
    default:
      return { kind: 'error', key };
  }
}

/**
 * The horizontal menu bar: top-level groups dissolve into their entries (menu-bar.ts). How many
 * fit depends on the words and the width, known only in the browser, so the server gives every
 * entry to the bar, and menu-bar-fit.ts copies them into "More items" and decides which one shows it.
 */
export function barView(items: readonly MenuItem[], pathname: string, label: Translate): BarView {
  const active = new Set(findActivePath(items, pathname));
  return { entries: barEntries(items).map((item, index) => barEntry(item, index, active, label)) };
}
