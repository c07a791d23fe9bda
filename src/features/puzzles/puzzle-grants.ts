import type { Grants } from '../roles/grants';

/** What /puzzles may offer, by the permission each needs (the page works it out). */
export const PUZZLE_GRANTS = {
  edit: 'puzzles.edit',
  delete: 'puzzles.delete',
  history: 'games.view',
} as const;
export type PuzzleGrants = Grants<keyof typeof PUZZLE_GRANTS>;
