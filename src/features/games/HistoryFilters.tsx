import { useRef, type ReactNode, type SubmitEvent } from 'react';
import ChipPicker, { type Pick } from '../../components/ChipPicker';
import FilterField from '../../components/FilterField';
import type { Locale } from '../../i18n/locales';
import { fill, type PluralForms } from '../../lib/labels';
import { searchPuzzles } from '../puzzles/puzzles-api';
import { searchUsers } from '../users/use-user-picks';
import type { PickFilter } from '../../shared/games/game-list-spec';
import type { HistoryScreenLabels } from './games-labels';

type Filter = PickFilter | 'from' | 'to';

/** A suggestion: a player with an email, or a puzzle with a category, shown under the name. */
type Named = Pick & { email?: string; category?: string };
const detail = (pick: Named) => pick.email ?? pick.category;

interface HistoryFiltersProps {
  draft: Record<Filter, string>;
  setDraft: (draft: Record<Filter, string>) => void;
  apply: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The thing a filter's id names, when known (the page's, a row's, a pick's). */
  named: (name: PickFilter, id: number) => Pick | undefined;
  onPicked: (name: PickFilter, pick: Pick) => void;
  locale: Locale;
  words: HistoryScreenLabels['history'];
  /** The export link, at the end of the bar. */
  children?: ReactNode;
}

/**
 * The history's filter bar: a player and a puzzle chosen by name (one each, as chips), and a
 * range of the admin's own days, each applied as it is chosen (useFilterForm). A reversed range
 * is named at "To" as soon as it is typed, and waits until it is fixed.
 */
export default function HistoryFilters(props: HistoryFiltersProps) {
  const { draft, setDraft, locale, words } = props;
  const to = useRef<HTMLInputElement>(null);
  // Both days are included, so the same day twice is a range; ISO days compare as text.
  const reversed = draft.from !== '' && draft.to !== '' && draft.to < draft.from;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    if (reversed) {
      event.preventDefault();
      to.current?.focus();
      return;
    }
    props.apply(event);
  }

  const chosen = (name: PickFilter): Named[] => {
    const id = Number(draft[name]);
    if (!id) return [];
    return [props.named(name, id) ?? { id, name: fill(words.unknown, { id: draft[name] }) }];
  };
  const choose = (name: PickFilter) => (picks: Pick[]) => {
    const pick = picks[0];
    if (pick) props.onPicked(name, pick);
    setDraft({ ...draft, [name]: pick ? String(pick.id) : '' });
  };
  const pickerWords = (label: string, suggestions: string, found: PluralForms, noMatch: string) => ({
    label,
    hint: words.pickerHint,
    suggestions,
    found,
    noMatch,
    chosen: label,
    remove: words.removeFilter,
    added: words.chosenFilter,
    removed: words.removedFilter,
  });

  return (
    <form className="app-list-toolbar align-items-end" onSubmit={submit} noValidate>
      <ChipPicker<Named>
        id="history-user_id"
        compact
        max={1}
        chosen={chosen('user_id')}
        onChange={choose('user_id')}
        search={searchUsers}
        detail={detail}
        locale={locale}
        words={pickerWords(words.userFilter, words.userSuggestions, words.usersFound, words.noUser)}
      />
      <ChipPicker<Named>
        id="history-puzzle_id"
        compact
        max={1}
        chosen={chosen('puzzle_id')}
        onChange={choose('puzzle_id')}
        search={searchPuzzles}
        detail={detail}
        locale={locale}
        words={pickerWords(words.puzzleFilter, words.puzzleSuggestions, words.puzzlesFound, words.noPuzzle)}
      />
      <FilterField
        id="history-from"
        label={words.from}
        type="date"
        value={draft.from}
        onChange={(from) => setDraft({ ...draft, from })}
      />
      <FilterField
        ref={to}
        id="history-to"
        label={words.to}
        type="date"
        value={draft.to}
        error={reversed ? words.toBeforeFrom : undefined}
        onChange={(value) => setDraft({ ...draft, to: value })}
      />
      {props.children}
    </form>
  );
}
