import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { menuItems, type MenuItem } from '../../shared/menu/menu-items';
import { barView, drawerView, type BarEntry, type DrawerEntry, type PanelEntry } from './menu-view';

const catalogue: Record<string, string> = en;
const label = (key: string): string => catalogue[key] ?? key;

type Entry = DrawerEntry | BarEntry | PanelEntry;

/** Every entry of a tree of views, depth first. */
function flat(entries: readonly Entry[]): Entry[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'group' || entry.kind === 'collapse') return [entry, ...flat(entry.children)];
    if (entry.kind === 'section') return [entry, ...flat(entry.children ?? [])];
    if (entry.kind === 'dropdown') return [entry, ...flat(entry.panel)];
    return [entry];
  });
}

const links = (entries: readonly Entry[]) =>
  flat(entries).filter((entry): entry is Extract<Entry, { kind: 'link' }> => entry.kind === 'link');
const hrefs = (entries: readonly Entry[]) => links(entries).map((entry) => entry.href);
const currentHrefs = (entries: readonly Entry[]) =>
  links(entries)
    .filter((entry) => entry.current)
    .map((entry) => entry.href);

describe('drawerView', () => {
  it('marks the active item and opens the section that holds it', () => {
    const view = drawerView(menuItems, '/termsandcondition', label);
    expect(currentHrefs(view)).toEqual(['/termsandcondition']);
    const collapses = flat(view).filter((entry) => entry.kind === 'collapse');
    expect(collapses.map((entry) => entry.kind === 'collapse' && entry.open)).toEqual([true]);
  });

  it('keeps the section closed when the active page is elsewhere', () => {
    const view = drawerView(menuItems, '/users/12', label);
    expect(currentHrefs(view)).toEqual(['/users']);
    expect(flat(view).some((entry) => entry.kind === 'collapse' && entry.open)).toBe(false);
  });

  it('titles the groups and the entries with translated text, and names the group headings', () => {
    const view = drawerView(menuItems, '/dashboard', label);
    const groups = view.filter((entry) => entry.kind === 'group');
    expect(groups.map((group) => group.kind === 'group' && group.title)).toContain(
      en['menu.group.management'],
    );
    expect(
      groups.every((group) => group.kind === 'group' && group.headingId.startsWith('menu-heading-')),
    ).toBe(true);
    expect(links(view).map((entry) => entry.look.title)).toContain(en['menu.termsandcondition']);
    expect(links(view).find((entry) => entry.href === '/users')?.look.icon).toBe('users');
  });

  it('shows an error entry for an entry of unknown type', () => {
    const broken = { id: 'oops', type: 'widget', titleKey: 'menu.users' } as unknown as MenuItem;
    expect(drawerView([broken], '/dashboard', label)).toEqual([{ kind: 'error', key: 'oops' }]);
  });

  it('gives a disabled item as text, not a link', () => {
    const items: MenuItem[] = [
      { id: 'u', type: 'item', titleKey: 'menu.users', url: '/users', disabled: true },
    ];
    expect(drawerView(items, '/users', label)).toEqual([
      { kind: 'disabled', key: 'u', look: { title: en['menu.users'] } },
    ]);
  });

  it('carries a chip, translated, beside the title', () => {
    const items: MenuItem[] = [
      {
        id: 'n',
        type: 'item',
        titleKey: 'menu.notifications',
        url: '/notifications',
        chip: { labelKey: 'menu.chip.new', variant: 'success' },
      },
    ];
    expect(links(drawerView(items, '/', label))[0]?.look.chip).toEqual({
      label: en['menu.chip.new'],
      variant: 'success',
    });
  });

  it('marks external links, which are never the current page', () => {
    const items: MenuItem[] = [
      { id: 'x', type: 'item', titleKey: 'menu.puzzles', url: 'https://example.org', external: true },
    ];
    expect(links(drawerView(items, '/', label))[0]).toMatchObject({ external: true, current: false });
  });
});

describe('barView', () => {
  const barHrefs = [
    '/dashboard',
    '/users',
    '/notifications',
    '/puzzles',
    '/help-center',
    '/aboutus',
    '/privacyandpolicy',
    '/termsandcondition',
    '/audit',
    '/api-docs',
  ];

  it('puts every entry in the bar, a collapse as a dropdown of its own', () => {
    const { entries } = barView(menuItems, '/dashboard', label);
    expect(hrefs(entries)).toEqual(barHrefs);
    const dropdown = entries.find((entry) => entry.kind === 'dropdown');
    expect(dropdown?.kind === 'dropdown' && dropdown.look.title).toBe(en['menu.content']);
  });

  it('marks the current page, and the dropdown that holds it', () => {
    const { entries } = barView(menuItems, '/privacyandpolicy', label);
    expect(currentHrefs(entries)).toEqual(['/privacyandpolicy']);
    const dropdown = entries.find((entry) => entry.kind === 'dropdown');
    expect(dropdown?.kind === 'dropdown' && dropdown.current).toBe(true);
    const elsewhere = barView(menuItems, '/users', label).entries.find((entry) => entry.kind === 'dropdown');
    expect(elsewhere?.kind === 'dropdown' && elsewhere.current).toBe(false);
  });

  it('shows a disabled section as a named entry with nowhere to go', () => {
    const items: MenuItem[] = [
      { id: 'a', type: 'item', titleKey: 'menu.users', url: '/users' },
      {
        id: 'c',
        type: 'collapse',
        titleKey: 'menu.content',
        disabled: true,
        children: [{ id: 'b', type: 'item', titleKey: 'menu.aboutus', url: '/aboutus' }],
      },
    ];
    const { entries } = barView(items, '/', label);
    expect(entries[1]).toMatchObject({ kind: 'disabled', look: { title: en['menu.content'] } });
  });
});
