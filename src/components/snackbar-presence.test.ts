import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followWithExits, nextPresence, type Presence } from './snackbar-presence';

type Item = { id: string };
const ids = (view: Presence<Item>[]) => view.map(({ item, leaving }) => (leaving ? `(${item.id})` : item.id));

afterEach(() => {
  vi.useRealTimers();
});

describe('snackbar presence', () => {
  it('keeps dropped items in place as leaving and appends new ones', () => {
    const view = nextPresence([], [{ id: 'a' }, { id: 'b' }]);
    expect(ids(nextPresence(view, [{ id: 'b' }, { id: 'c' }]))).toEqual(['(a)', 'b', 'c']);
  });

  it('removes a leaving item after the exit time', () => {
    vi.useFakeTimers();
    const store = atom<readonly Item[]>([{ id: 'a' }, { id: 'b' }]);
    const frames: string[][] = [];
    const stop = followWithExits(store, 200, (view) => frames.push(ids(view)));
    store.set([{ id: 'b' }]);
    vi.advanceTimersByTime(100);
    store.set([{ id: 'b' }, { id: 'c' }]);
    vi.advanceTimersByTime(100);
    expect(frames).toEqual([
      ['a', 'b'],
      ['(a)', 'b'],
      ['(a)', 'b', 'c'],
      ['b', 'c'],
    ]);
    stop();
    store.set([]);
    expect(frames).toHaveLength(4);
  });
});
