import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from './menu-keys';

describe('moving through an open menu', () => {
  it('moves down and up, wrapping at either end', () => {
    expect(menuKeyTarget('ArrowDown', 0, 4)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 3, 4)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 2, 4)).toBe(1);
    expect(menuKeyTarget('ArrowUp', 0, 4)).toBe(3);
  });

  it('jumps to the first and last item', () => {
    expect(menuKeyTarget('Home', 2, 4)).toBe(0);
    expect(menuKeyTarget('End', 1, 4)).toBe(3);
  });

  it('leaves other keys (and an empty menu) alone', () => {
    expect(menuKeyTarget('Enter', 1, 4)).toBeNull();
    expect(menuKeyTarget('a', 1, 4)).toBeNull();
    expect(menuKeyTarget('ArrowDown', 0, 0)).toBeNull();
  });
});
