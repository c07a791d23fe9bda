import { listLabelKeys } from '../../components/list-labels';
import { translate, type T } from '../../lib/labels';

/** A play's columns and results, wherever plays are listed (this screen, a user's details). */
export const playLabelKeys = {
  puzzle: 'games.puzzle',
  score: 'games.score',
  duration: 'games.duration',
  result: 'games.result',
  played: 'games.played',
  won: 'games.won',
  lost: 'games.lost',
  abandoned: 'games.abandoned',
} as const;

/** The games screen's own words; the list kit's come from its key map. */
export const historyLabelKeys = {
  ...playLabelKeys,
  caption: 'games.caption',
  empty: 'games.empty',
  user: 'games.user',
  userFilter: 'games.userFilter',
  puzzleFilter: 'games.puzzleFilter',
  from: 'games.from',
  to: 'games.to',
  export: 'games.export',
  byUser: 'games.byUser',
  byPuzzle: 'games.byPuzzle',
  pickerHint: 'games.pickerHint',
  userSuggestions: 'games.userSuggestions',
  puzzleSuggestions: 'games.puzzleSuggestions',
  usersFound: 'games.usersFound',
  puzzlesFound: 'games.puzzlesFound',
  noUser: 'games.noUser',
  noPuzzle: 'games.noPuzzle',
  removeFilter: 'games.removeFilter',
  chosenFilter: 'games.chosenFilter',
  removedFilter: 'games.removedFilter',
  unknown: 'games.unknown',
  toBeforeFrom: 'games.toBeforeFrom',
} as const;

export const historyScreenLabels = (t: T) => ({
  history: translate(t, historyLabelKeys),
  list: translate(t, listLabelKeys),
});

export type HistoryScreenLabels = ReturnType<typeof historyScreenLabels>;
