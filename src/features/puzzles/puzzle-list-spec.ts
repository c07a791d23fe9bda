import { defineListSpec } from '../../lib/list-url';
import {
  DEFAULT_PUZZLE_SORT,
  PUZZLE_DIFFICULTIES,
  PUZZLE_SORTS,
  PUZZLE_STATUSES,
} from '../../shared/puzzles/puzzle-input';

/** The /puzzles list in the URL: `?search=&category=&difficulty=&status=&sort=&page=&record=`. */
export const puzzleListSpec = defineListSpec({
  sorts: PUZZLE_SORTS,
  defaultSort: DEFAULT_PUZZLE_SORT,
  filters: {
    // One line of text: a control character could never match (and NUL would reach SQL as an error).
    // eslint-disable-next-line no-control-regex
    category: /[^\u0000-\u001f\u007f-\u009f]{1,100}/,
    difficulty: PUZZLE_DIFFICULTIES,
    status: PUZZLE_STATUSES,
  },
});
