import * as z from 'zod/mini';

/*
 * A puzzle's content: the data the product's game client plays, as JSON (README "Puzzle content").
 * One shape per `type`; every size is bounded so one puzzle stays a few kilobytes. The type is
 * independent of the catalogue's free-text category (a "Logic grid" may well be a quiz).
 */

/** The JSON text itself; well above any shape below, well under the 1 MiB body limit. */
export const CONTENT_MAX_CHARS = 100_000;

const common = {
  /** Shown to the player before they start. */
  instructions: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
  /** Seconds; none means untimed. */
  time_limit: z.optional(z.number().check(z.int(), z.gte(10), z.lte(7200))),
};

const LETTERS = /^[A-Z]+$/;
const word = (max: number) =>
  z.string().check(z.minLength(2), z.maxLength(max), z.regex(LETTERS, 'validation.letters'));
const count = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
/** A list of `min` to `max` items. */
const list = <T extends z.core.SomeType>(item: T, min: number, max: number) =>
  z.array(item).check(z.minLength(min), z.maxLength(max));
type Ctx = z.core.$RefinementCtx;

const digitRow = (min: number) => z.array(count(min, 9)).check(z.length(9));

/** 9×9; 0 is an empty cell. A given digit may not repeat in its row, column or box. */
const Sudoku = z.strictObject({
  type: z.literal('sudoku'),
  ...common,
  grid: z.array(digitRow(0)).check(z.length(9)),
});
const checkSudoku = ({ grid }: z.infer<typeof Sudoku>, ctx: Ctx) => {
  const seen = new Set<string>();
  grid.forEach((row, r) =>
    row.forEach((digit, c) => {
      if (digit === 0) return;
      const places = [
        `r${r}:${digit}`,
        `c${c}:${digit}`,
        `b${Math.floor(r / 3)}${Math.floor(c / 3)}:${digit}`,
      ];
      if (places.some((place) => seen.has(place))) {
        ctx.addIssue({ code: 'custom', path: ['grid', r, c], message: 'validation.repeatedDigit' });
      }
      places.forEach((place) => seen.add(place));
    }),
  );
};

/** Rows of letters, all as long as the first; every word must be findable in some direction. */
const WordSearch = z.strictObject({
  type: z.literal('word_search'),
  ...common,
  grid: list(
    z.string().check(z.minLength(5), z.maxLength(20), z.regex(LETTERS, 'validation.letters')),
    5,
    20,
  ),
  words: list(word(20), 1, 30),
});
const checkWordSearch = ({ grid, words }: z.infer<typeof WordSearch>, ctx: Ctx) => {
  const width = grid[0]?.length ?? 0;
  grid.forEach((row, r) => {
    if (row.length !== width)
      ctx.addIssue({ code: 'custom', path: ['grid', r], message: 'validation.rowLength' });
  });
  if (grid.some((row) => row.length !== width)) return;
  words.forEach((entry, index) => {
    if (!hidden(grid, entry))
      ctx.addIssue({ code: 'custom', path: ['words', index], message: 'validation.notInGrid' });
  });
};

function hidden(grid: readonly string[], entry: string): boolean {
  const directions = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc] as const));
  return grid.some((row, r) =>
    [...row].some((_, c) =>
      directions.some(
        ([dr, dc]) =>
          (dr !== 0 || dc !== 0) &&
          [...entry].every((letter, i) => grid[r + dr * i]?.[c + dc * i] === letter),
      ),
    ),
  );
}

/** Answers placed on a rows × cols board; each must fit, and crossing letters must agree. */
const Crossword = z.strictObject({
  type: z.literal('crossword'),
  ...common,
  rows: count(3, 25),
  cols: count(3, 25),
  entries: list(
    z.strictObject({
      number: count(1, 999),
      direction: z.enum(['across', 'down']),
      row: count(0, 24),
      col: count(0, 24),
      answer: word(25),
      clue: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    }),
    1,
    150,
  ),
});
const checkCrossword = ({ rows, cols, entries }: z.infer<typeof Crossword>, ctx: Ctx) => {
  const board = new Map<string, string>();
  entries.forEach((entry, index) => {
    const across = entry.direction === 'across';
    const end = (across ? entry.col : entry.row) + entry.answer.length;
    if (end > (across ? cols : rows)) {
      ctx.addIssue({ code: 'custom', path: ['entries', index, 'answer'], message: 'validation.offBoard' });
      return;
    }
    [...entry.answer].forEach((letter, i) => {
      const key = across ? `${entry.row}:${entry.col + i}` : `${entry.row + i}:${entry.col}`;
      const there = board.get(key);
      if (there !== undefined && there !== letter) {
        ctx.addIssue({ code: 'custom', path: ['entries', index, 'answer'], message: 'validation.crossing' });
      }
      board.set(key, letter);
    });
  });
};

const runs = list(z.array(count(1, 30)).check(z.maxLength(15)), 2, 30);

/** Run lengths per row and column; the shaded totals of both must agree. */
const Nonogram = z.strictObject({ type: z.literal('nonogram'), ...common, rows: runs, cols: runs });
const checkNonogram = ({ rows, cols }: z.infer<typeof Nonogram>, ctx: Ctx) => {
  const total = (lines: number[][]) => lines.flat().reduce((sum, n) => sum + n, 0);
  rows.forEach((line, r) => {
    if (total([line]) + line.length - 1 > cols.length) {
      ctx.addIssue({ code: 'custom', path: ['rows', r], message: 'validation.offBoard' });
    }
  });
  if (total(rows) !== total(cols))
    ctx.addIssue({ code: 'custom', path: ['cols'], message: 'validation.runTotals' });
};

/** `#` wall, `.` floor, one `S` start and one `E` exit; rows of equal length. */
const Maze = z.strictObject({
  type: z.literal('maze'),
  ...common,
  grid: list(
    z.string().check(z.minLength(3), z.maxLength(60), z.regex(/^[#.SE]+$/, 'validation.mazeCells')),
    3,
    60,
  ),
});
const checkMaze = ({ grid }: z.infer<typeof Maze>, ctx: Ctx) => {
  grid.forEach((row, r) => {
    if (row.length !== grid[0]!.length)
      ctx.addIssue({ code: 'custom', path: ['grid', r], message: 'validation.rowLength' });
  });
  const text = grid.join('');
  for (const mark of ['S', 'E']) {
    if (text.split(mark).length !== 2)
      ctx.addIssue({ code: 'custom', path: ['grid'], message: 'validation.mazeEnds' });
  }
};

/** Mines as `[row, col]` pairs inside the board, each once, leaving at least one safe square. */
const Minesweeper = z.strictObject({
  type: z.literal('minesweeper'),
  ...common,
  rows: count(5, 30),
  cols: count(5, 30),
  mines: list(z.tuple([count(0, 29), count(0, 29)]), 1, 899),
});
const checkMinesweeper = ({ rows, cols, mines }: z.infer<typeof Minesweeper>, ctx: Ctx) => {
  const seen = new Set<string>();
  mines.forEach(([r, c], index) => {
    if (r >= rows)
      ctx.addIssue({ code: 'custom', path: ['mines', index, 0], message: 'validation.offBoard' });
    if (c >= cols)
      ctx.addIssue({ code: 'custom', path: ['mines', index, 1], message: 'validation.offBoard' });
    if (seen.has(`${r}:${c}`))
      ctx.addIssue({ code: 'custom', path: ['mines', index], message: 'validation.repeated' });
    seen.add(`${r}:${c}`);
  });
  if (mines.length >= rows * cols)
    ctx.addIssue({ code: 'custom', path: ['mines'], message: 'validation.offBoard' });
};

/** Multiple choice; `answer` is the index of the right choice. */
const Quiz = z.strictObject({
  type: z.literal('quiz'),
  ...common,
  questions: list(
    z.strictObject({
      question: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
      choices: list(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 2, 6),
      answer: count(0, 5),
    }),
    1,
    50,
  ),
});
const checkQuiz = ({ questions }: z.infer<typeof Quiz>, ctx: Ctx) => {
  questions.forEach((question, index) => {
    if (question.answer >= question.choices.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['questions', index, 'answer'],
        message: 'validation.noSuchChoice',
      });
    }
  });
};

const CHECKS = {
  sudoku: checkSudoku,
  word_search: checkWordSearch,
  crossword: checkCrossword,
  nonogram: checkNonogram,
  maze: checkMaze,
  minesweeper: checkMinesweeper,
  quiz: checkQuiz,
} as const;

/** The shape is chosen by `type`; then the checks across fields that a shape cannot state. */
export const PuzzleContent = z
  .discriminatedUnion('type', [Sudoku, WordSearch, Crossword, Nonogram, Maze, Minesweeper, Quiz], {
    // No option has that `type` (or there is none).
    error: (issue) => (issue.code === 'invalid_union' ? 'validation.contentType' : undefined),
  })
  .check(
    z.superRefine((content, ctx) =>
      (CHECKS[content.type] as (value: typeof content, c: Ctx) => void)(content, ctx),
    ),
  );
export type PuzzleContent = z.output<typeof PuzzleContent>;
