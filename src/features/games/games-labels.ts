import { listLabelKeys } from '../../components/list-labels';
import { translate } from '../../lib/labels';

type T = (key: string) => string;

/** The games screen's own words; the list kit's come from its key map. */
export const historyLabelKeys = {
  caption: 'games.caption',
  empty: 'games.empty',
  user: 'games.user',
  puzzle: 'games.puzzle',
  score: 'games.score',
  duration: 'games.duration',
  result: 'games.result',
  played: 'games.played',
  won: 'games.won',
  lost: 'games.lost',
  abandoned: 'games.abandoned',
  userFilter: 'games.userFilter',
  puzzleFilter: 'games.puzzleFilter',
  from: 'games.from',
  to: 'games.to',
  apply: 'games.apply',
  export: 'games.export',
  byUser: 'games.byUser',
  byPuzzle: 'games.byPuzzle',
} as const;

export const historyScreenLabels = (t: T) => ({
  history: translate(t, historyLabelKeys),
  list: translate(t, listLabelKeys),
});

export type HistoryScreenLabels = ReturnType<typeof historyScreenLabels>;
