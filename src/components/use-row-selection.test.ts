import { describe, expect, it } from 'vitest';
import { pageSelection, toggleOne, togglePage } from './use-row-selection';

describe('row selection', () => {
  it('says how much of the page is picked', () => {
    expect(pageSelection([1, 2, 3], new Set())).toBe('none');
    expect(pageSelection([1, 2, 3], new Set([2, 9]))).toBe('some');
    expect(pageSelection([1, 2, 3], new Set([1, 2, 3, 9]))).toBe('all');
  });

  it('selects the whole page, then clears it, keeping picks from other pages', () => {
    const all = togglePage([1, 2, 3], new Set([2, 9]));
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    expect([...togglePage([1, 2, 3], all)]).toEqual([9]);
  });

  it('flips one row', () => {
    expect([...toggleOne(4, new Set([1]))]).toEqual([1, 4]);
    expect([...toggleOne(1, new Set([1]))]).toEqual([]);
  });
});
