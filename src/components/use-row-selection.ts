import { useEffect, useState } from 'react';

export type PageSelection = 'none' | 'some' | 'all';

/** How much of the rows on screen is selected, for the header checkbox. */
export function pageSelection(pageIds: readonly number[], selected: ReadonlySet<number>): PageSelection {
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: selects the whole page, or clears it when it was all selected. */
export function togglePage(pageIds: readonly number[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (pageSelection(pageIds, selected) === 'all') pageIds.forEach((id) => next.delete(id));
  else pageIds.forEach((id) => next.add(id));
  return next;
}

export function toggleOne(id: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * Row selection for a paged list. Ids picked on one page stay picked on the next; "all matching"
 * stands for every row the filter finds, on pages never loaded. Changing the filter (`scope`)
 * starts over, since the old picks may no longer be in the list.
 */
export function useRowSelection(pageIds: readonly number[], scope: string) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [scope]);

  return {
    selected,
    allMatching,
    page: pageSelection(pageIds, selected),
    toggle(id: number) {
      setAllMatching(false);
      setSelected((previous) => toggleOne(id, previous));
    },
    togglePage() {
      setAllMatching(false);
      setSelected((previous) => togglePage(pageIds, previous));
    },
    selectAllMatching: () => setAllMatching(true),
    clear() {
      setAllMatching(false);
      setSelected(new Set());
    },
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
