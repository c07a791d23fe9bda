import { z } from 'zod';

/*
 * A puzzle's content: the data the product's game client plays, as JSON (README "Puzzle content").
 * One shape per `type`; every size is bounded so one puzzle stays a few kilobytes. The type is
 * independent of the catalogue's free-text category (a "Logic grid" may well be a quiz).
 */

/** The JSON text itself; well above any shape below, well under the 1 MiB body limit. */
export const CONTENT_MAX_CHARS = 100_000;

const common = {
  /** Shown to the player before they start. */
  instructions: z.string().trim().max(1000).optional(),
  /** Seconds; none means untimed. */
  time_limit: z.number().int().min(10).max(7200).optional(),
};

const LETTERS = /^[A-Z]+$/;
const word = (max: number) => z.string().min(2).max(max).regex(LETTERS, 'validation.letters');
const count = (min: number, max: number) => z.number().int().min(min).max(max);

const digitRow = (min: number) => z.array(count(min, 9)).length(9);

/** 9×9; 0 is an empty cell. A given digit may not repeat in its row, column or box. */
const Sudoku = z
  .object({ type: z.literal('sudoku'), ...common, grid: z.array(digitRow(0)).length(9) })
  .strict();
const checkSudoku = ({ grid }: z.infer<typeof Sudoku>, ctx: z.RefinementCtx) => {
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
const WordSearch = z
  .object({
    type: z.literal('word_search'),
    ...common,
    grid: z.array(z.string().min(5).max(20).regex(LETTERS, 'validation.letters')).min(5).max(20),
    words: z.array(word(20)).min(1).max(30),
  })
  .strict();
const checkWordSearch = ({ grid, words }: z.infer<typeof WordSearch>, ctx: z.RefinementCtx) => {
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
const Crossword = z
  .object({
    type: z.literal('crossword'),
    ...common,
    rows: count(3, 25),
    cols: count(3, 25),
    entries: z
      .array(
        z
          .object({
            number: count(1, 999),
            direction: z.enum(['across', 'down']),
            row: count(0, 24),
            col: count(0, 24),
            answer: word(25),
            clue: z.string().trim().min(1).max(200),
          })
          .strict(),
      )
      .min(1)
      .max(150),
  })
  .strict();
const checkCrossword = ({ rows, cols, entries }: z.infer<typeof Crossword>, ctx: z.RefinementCtx) => {
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

const runs = z
  .array(z.array(count(1, 30)).max(15))
  .min(2)
  .max(30);

/** Run lengths per row and column; the shaded totals of both must agree. */
const Nonogram = z.object({ type: z.literal('nonogram'), ...common, rows: runs, cols: runs }).strict();
const checkNonogram = ({ rows, cols }: z.infer<typeof Nonogram>, ctx: z.RefinementCtx) => {
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
const Maze = z
  .object({
    type: z.literal('maze'),
    ...common,
    grid: z
      .array(
        z
          .string()
          .min(3)
          .max(60)
          .regex(/^[#.SE]+$/, 'validation.mazeCells'),
      )
      .min(3)
      .max(60),
  })
  .strict();
const checkMaze = ({ grid }: z.infer<typeof Maze>, ctx: z.RefinementCtx) => {
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
const Minesweeper = z
  .object({
    type: z.literal('minesweeper'),
    ...common,
    rows: count(5, 30),
    cols: count(5, 30),
    mines: z
      .array(z.tuple([count(0, 29), count(0, 29)]))
      .min(1)
      .max(899),
  })
  .strict();
const checkMinesweeper = ({ rows, cols, mines }: z.infer<typeof Minesweeper>, ctx: z.RefinementCtx) => {
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
const Quiz = z
  .object({
    type: z.literal('quiz'),
    ...common,
    questions: z
      .array(
        z
          .object({
            question: z.string().trim().min(1).max(300),
            choices: z.array(z.string().trim().min(1).max(200)).min(2).max(6),
            answer: count(0, 5),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();
const checkQuiz = ({ questions }: z.infer<typeof Quiz>, ctx: z.RefinementCtx) => {
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
    errorMap: (issue, ctx) => ({
      message: issue.code === 'invalid_union_discriminator' ? 'validation.contentType' : ctx.defaultError,
    }),
  })
  .superRefine((content, ctx) =>
    (CHECKS[content.type] as (value: typeof content, c: z.RefinementCtx) => void)(content, ctx),
  );
export type PuzzleContent = z.output<typeof PuzzleContent>;
