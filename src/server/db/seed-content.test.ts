import { describe, expect, it } from 'vitest';
import { contentProblems } from '../../shared/puzzles/puzzle-input';
import { PUZZLE_CATEGORIES, puzzleContentText } from './seed-data';

describe('seeded puzzle content', () => {
  it('is valid content for every category', () => {
    for (const { category, rules } of PUZZLE_CATEGORIES) {
      expect(contentProblems(puzzleContentText(category, rules)), category).toEqual([]);
    }
  });
});
