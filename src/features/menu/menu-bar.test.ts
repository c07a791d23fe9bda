import { describe, expect, it } from 'vitest';
import { barEntries, HORIZONTAL_MAX_ITEMS, splitBar } from './menu-bar';
import { menuItems, type MenuItem } from './menu-items';

const ids = (list: readonly MenuItem[]): string[] => list.map((item) => item.id);
const link = (id: string): MenuItem => ({ id, type: 'item', titleKey: 'x', url: `/${id}` });

describe('barEntries', () => {
  it('dissolves top-level groups into their entries and keeps collapses whole', () => {
    expect(ids(barEntries(menuItems))).toEqual([
      'dashboard',
      'users',
      'notifications',
      'puzzles',
      'help-center',
      'content',
      'audit',
    ]);
  });

  it('keeps a top-level link, and a group nested in a group, as one entry each', () => {
    const inner: MenuItem = { id: 'inner', type: 'group', titleKey: 'x', children: [link('c')] };
    const items: MenuItem[] = [
      link('a'),
      { id: 'outer', type: 'group', titleKey: 'x', children: [link('b'), inner] },
    ];
    expect(ids(barEntries(items))).toEqual(['a', 'b', 'inner']);
  });
});

describe('splitBar', () => {
  const entries = ['a', 'b', 'c', 'd', 'e', 'f'].map(link);

  it('puts the entries beyond the count into "More items", in order', () => {
    const { shown, more } = splitBar(entries, 4);
    expect(ids(shown)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(more)).toEqual(['e', 'f']);
  });

  it('needs no "More items" when everything fits, exactly or with room to spare', () => {
    expect(ids(splitBar(entries, 6).more)).toEqual([]);
    expect(ids(splitBar(entries, 6).shown)).toHaveLength(6);
    expect(ids(splitBar(entries, 10).more)).toEqual([]);
  });

  it('moves everything into "More items" for a count of zero, and reads odd counts sanely', () => {
    expect(splitBar(entries, 0)).toEqual({ shown: [], more: entries });
    expect(ids(splitBar(entries, -3).more)).toHaveLength(6);
    expect(ids(splitBar(entries, 2.7).shown)).toEqual(['a', 'b']);
    expect(ids(splitBar(entries, Number.POSITIVE_INFINITY).more)).toEqual([]);
  });

  it('splits the real menu with the configured count', () => {
    const { shown, more } = splitBar(barEntries(menuItems));
    expect(shown).toHaveLength(HORIZONTAL_MAX_ITEMS);
    expect(ids(more)).toEqual(['help-center', 'content', 'audit']);
  });
});
