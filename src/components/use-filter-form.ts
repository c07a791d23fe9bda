import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ListState } from '../lib/list-url';

interface FilteredList<F extends string> {
  state: ListState<string, F>;
  setFilter: (name: F, value: string) => void;
  reload: () => unknown;
}

/**
 * A list's filters typed into a form and applied together (game history, the audit log): the
 * draft follows the URL's filters, Apply sets the ones that changed. A list filtered by days on
 * arrival loads again once hydrated: the server drew it with days in UTC, the browser's own days
 * may differ.
 */
export function useFilterForm<F extends string>(list: FilteredList<F>, initialFilters: Record<F, string>) {
  const { filters } = list.state;
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  // `reload` is a new function each render; the ref keeps this to one reload on arrival.
  const reload = useRef(list.reload);
  const days = initialFilters as Record<string, string>;
  const dayFiltered = Boolean(days.from || days.to);
  useEffect(() => {
    if (dayFiltered) void reload.current();
  }, [dayFiltered]);

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    for (const name of Object.keys(draft) as F[])
      if (draft[name] !== filters[name]) list.setFilter(name, draft[name]);
  }

  return { draft, setDraft, apply };
}
