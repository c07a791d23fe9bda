import { describe, expect, it } from 'vitest';
import { barEntries, fitCount } from './menu-bar';
import { menuItems, type MenuItem } from '../../shared/menu/menu-items';

const ids = (list: readonly MenuItem[]): string[] => list.map((item) => item.id);
const link = (id: string): MenuItem => ({ id, type: 'item', titleKey: 'menu.users', url: `/${id}` });

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
      'apiDocs',
    ]);
  });

  it('keeps a top-level link, and a group nested in a group, as one entry each', () => {
    const inner: MenuItem = { id: 'inner', type: 'group', titleKey: 'menu.users', children: [link('c')] };
    const items: MenuItem[] = [
      link('a'),
      { id: 'outer', type: 'group', titleKey: 'menu.users', children: [link('b'), inner] },
    ];
    expect(ids(barEntries(items))).toEqual(['a', 'b', 'inner']);
  });
});

describe('fitCount', () => {
  // Three entries of 100, 120 and 80 px with 4 px between them take 308 px in a row.
  const widths = [100, 120, 80];

  it('keeps every entry, and needs no "More items", when they fit exactly or with room to spare', () => {
    expect(fitCount({ widths, gap: 4, available: 308, more: 90 })).toBe(3);
    expect(fitCount({ widths, gap: 4, available: 1000, more: 90 })).toBe(3);
  });

  it('moves entries from the end into "More items" one pixel over, leaving room for it', () => {
    // 307 px: the first two (224 px) and More (4 + 60) take 288 px.
    expect(fitCount({ widths, gap: 4, available: 307, more: 60 })).toBe(2);
    // The same with no gap: 300 px fit in a row, 299 px do not.
    expect(fitCount({ widths, gap: 0, available: 300, more: 60 })).toBe(3);
    expect(fitCount({ widths, gap: 0, available: 299, more: 60 })).toBe(2);
  });

  it('moves one more entry when "More items" is wider than the last entry', () => {
    // Without the last entry: 100 + 4 + 120 + 4 + More (90) = 318 px > 307 px.
    expect(fitCount({ widths, gap: 4, available: 307, more: 90 })).toBe(1);
    // ...and exactly room for the first entry and More: 100 + 4 + 90.
    expect(fitCount({ widths, gap: 4, available: 194, more: 90 })).toBe(1);
    expect(fitCount({ widths, gap: 4, available: 193, more: 90 })).toBe(0);
  });

  it('keeps none when nothing fits beside "More items", or More alone does not fit', () => {
    expect(fitCount({ widths, gap: 4, available: 120, more: 90 })).toBe(0);
    expect(fitCount({ widths, gap: 4, available: 50, more: 90 })).toBe(0);
    expect(fitCount({ widths, gap: 4, available: 0, more: 90 })).toBe(0);
  });

  it('reads zero entries as all of them fitting', () => {
    expect(fitCount({ widths: [], gap: 4, available: 0, more: 90 })).toBe(0);
    expect(fitCount({ widths: [], gap: 4, available: 500, more: 90 })).toBe(0);
  });

  it('takes fractions of a pixel as layout gives them, without float noise', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the entries fit exactly.
    expect(fitCount({ widths: [0.1, 0.2], gap: 0, available: 0.3, more: 1 })).toBe(2);
    expect(fitCount({ widths: [100.5, 100.25], gap: 3.5, available: 204.25, more: 50 })).toBe(2);
    expect(fitCount({ widths: [100.5, 100.25], gap: 3.5, available: 204, more: 50 })).toBe(1);
  });
});
