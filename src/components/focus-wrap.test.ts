import { describe, expect, it } from 'vitest';
import { wrapTarget } from './focus-wrap';

describe('wrapTarget', () => {
  const items = ['a', 'b', 'c'];

  it('wraps Tab from the last item to the first, and Shift+Tab from the first to the last', () => {
    expect(wrapTarget(items, 'c', false)).toBe('a');
    expect(wrapTarget(items, 'a', true)).toBe('c');
  });

  it('leaves moves inside the list to the browser', () => {
    expect(wrapTarget(items, 'a', false)).toBeNull();
    expect(wrapTarget(items, 'b', false)).toBeNull();
    expect(wrapTarget(items, 'b', true)).toBeNull();
    expect(wrapTarget(items, 'c', true)).toBeNull();
  });

  it('brings focus from outside in at the near end', () => {
    expect(wrapTarget(items, null, false)).toBe('a');
    expect(wrapTarget(items, 'elsewhere', false)).toBe('a');
    expect(wrapTarget(items, 'elsewhere', true)).toBe('c');
  });

  it('keeps a single item focused and does nothing with none', () => {
    expect(wrapTarget(['only'], 'only', false)).toBe('only');
    expect(wrapTarget(['only'], 'only', true)).toBe('only');
    expect(wrapTarget([], null, false)).toBeNull();
  });
});
