import { describe, expect, it } from 'vitest';
import { formatPath, locateJson } from './json-locate';
import { contentProblems } from './puzzle-input';

const sudoku = (change: (grid: number[][]) => void) => {
  const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => 0));
  change(grid);
  return JSON.stringify({ type: 'sudoku', grid }, null, 2);
};

describe('puzzle content', () => {
  it('names the path inside the JSON and the line it is on', () => {
    const text = sudoku((grid) => (grid[2]![3] = 12));
    const [problem, ...rest] = contentProblems(text);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ field: 'content.grid[2][3]' });
    // Pretty-printed: `{`, `"type"`, `"grid": [`, then 11 lines per row; row 2's fourth number.
    expect(text.split('\n')[problem!.line - 1]!.trim()).toBe('12,');
  });

  it('checks across fields: a repeated sudoku digit, a word not in the grid, a choice out of range', () => {
    expect(contentProblems(sudoku((grid) => ((grid[0]![0] = 5), (grid[0]![8] = 5))))[0]?.field).toBe(
      'content.grid[0][8]',
    );
    const search = {
      type: 'word_search',
      grid: ['ABCDE', 'FGHIJ', 'KLMNO', 'PQRST', 'UVWXY'],
      words: ['ZZ'],
    };
    expect(contentProblems(JSON.stringify(search))[0]?.field).toBe('content.words[0]');
    const quiz = { type: 'quiz', questions: [{ question: 'Q', choices: ['a', 'b'], answer: 2 }] };
    expect(contentProblems(JSON.stringify(quiz))[0]?.field).toBe('content.questions[0].answer');
  });

  it('reports an unknown type and a missing field at the object that lacks it', () => {
    expect(contentProblems('{"type": "chess"}')[0]?.field).toBe('content.type');
    const problems = contentProblems('{\n  "type": "maze"\n}');
    expect(problems[0]).toMatchObject({ field: 'content.grid', line: 1 });
  });

  it('finds a syntax error’s line and column, as JSON.parse would refuse it', () => {
    for (const text of ['{\n  "a": 1,\n}', '{"a": 01}', "{'a': 1}", '[1, 2', '{"a": 1} x', '"\u0001"', '']) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(locateJson(text).ok, text).toBe(false);
    }
    expect(contentProblems('{\n  "type": "maze",\n  "grid": [1,,2]\n}')).toEqual([
      { field: 'content', line: 3, syntax: { column: 14 } },
    ]);
    expect(locateJson('['.repeat(100_000)).ok).toBe(false);
  });

  it('reads what JSON.parse reads', () => {
    for (const text of ['{"__proto__": 1, "a": [true, false, null, -1.5e3, "x\\u00e9"]}', ' [ ] ', '0']) {
      const located = locateJson(text);
      expect(located.ok && located.value).toEqual(JSON.parse(text));
    }
    expect(formatPath(['entries', 0, 'answer'])).toBe('entries[0].answer');
  });
});
