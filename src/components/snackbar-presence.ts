import type { ReadableAtom } from 'nanostores';

/** An item on screen; `leaving` while its exit transition plays, after the store has dropped it. */
export interface Presence<T> {
  item: T;
  leaving: boolean;
}

/** Items the store dropped stay in place as leaving; new ones go at the end. */
export function nextPresence<T extends { id: string }>(
  view: readonly Presence<T>[],
  list: readonly T[],
): Presence<T>[] {
  const live = new Map(list.map((item) => [item.id, item]));
  const shown = new Set(view.map(({ item }) => item.id));
  const kept = view.map(({ item }) => {
    const current = live.get(item.id);
    return current ? { item: current, leaving: false } : { item, leaving: true };
  });
  return [...kept, ...list.filter((item) => !shown.has(item.id)).map((item) => ({ item, leaving: false }))];
}

/**
 * Follows a list store for a view that animates exits: `render` gets each dropped item once more
 * as leaving, then the view without it after `exitMs`. Returns the unsubscribe.
 */
export function followWithExits<T extends { id: string }>(
  store: ReadableAtom<readonly T[]>,
  exitMs: number,
  render: (view: Presence<T>[]) => void,
): () => void {
  let view: Presence<T>[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const show = (next: Presence<T>[]) => {
    view = next;
    render(next);
  };
  const unsubscribe = store.subscribe((list) => {
    const wasLeaving = new Set(view.filter((entry) => entry.leaving).map(({ item }) => item.id));
    const next = nextPresence(view, list);
    const gone = new Set(
      next.filter((entry) => entry.leaving && !wasLeaving.has(entry.item.id)).map(({ item }) => item.id),
    );
    show(next);
    if (gone.size === 0) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      show(view.filter(({ item }) => !gone.has(item.id)));
    }, exitMs);
    timers.add(timer);
  });
  return () => {
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
  };
}
