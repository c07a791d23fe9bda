import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ListState } from '../lib/list-url';
import { SEARCH_DEBOUNCE_MS } from './use-remote-list';

interface FilteredList<F extends string> {
  state: ListState<string, F>;
  setFilters: (patch: Partial<Record<F, string>>) => void;
  reload: () => unknown;
}

/**
 * A list's filters as a form of several fields (game history, the audit log), live like every
 * other list's: a change applies itself once the person pauses (the search box's 300 ms), Enter
 * at once. A draft `valid` refuses (a reversed day range) waits until it is fixed. The draft
 * follows the URL's filters (Back, Clear filters). A list filtered by days on arrival loads again
 * once hydrated: the server drew it with days in UTC, the browser's own days may differ.
 */
export function useFilterForm<F extends string>(
  list: FilteredList<F>,
  initialFilters: Record<F, string>,
  valid: (draft: Record<F, string>) => boolean = () => true,
) {
  const { filters } = list.state;
  const [draft, setDraftState] = useState(filters);
  useEffect(() => setDraftState(filters), [filters]);
  // `reload` is a new function each render; the ref keeps this to one reload on arrival.
  const reload = useRef(list.reload);
  const days = initialFilters as Record<string, string>;
  const dayFiltered = Boolean(days.from || days.to);
  useEffect(() => {
    if (dayFiltered) void reload.current();
  }, [dayFiltered]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The latest list and filters for a timer set a few renders ago.
  const latest = useRef({ list, filters });
  latest.current = { list, filters };

  function applyDraft(next: Record<F, string>) {
    clearTimeout(timer.current);
    if (!valid(next)) return;
    const current = latest.current.filters;
    const changed = (Object.keys(next) as F[]).filter((name) => next[name] !== current[name]);
    if (changed.length)
      latest.current.list.setFilters(
        Object.fromEntries(changed.map((name) => [name, next[name]])) as Partial<Record<F, string>>,
      );
  }

  function setDraft(next: Record<F, string>) {
    setDraftState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applyDraft(next), SEARCH_DEBOUNCE_MS);
  }

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    applyDraft(draft);
  }

  return { draft, setDraft, apply };
}
