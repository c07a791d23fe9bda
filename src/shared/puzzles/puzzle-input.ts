import * as z from 'zod/mini';
import { filterParam, ListQueryInput } from '../../lib/list-query';
import { catalogueIssues, meaningfulIssues, type Issue } from '../../lib/zod-issues';
import { formatPath, locateJson, type JsonPath } from './json-locate';
import { CONTENT_MAX_CHARS, PuzzleContent } from './puzzle-content';

/**
 * The puzzles area's request shapes (DESIGN.md §5, §6), shared by the island's form and the
 * endpoints. Messages are i18n keys or zod's own codes, translated by whoever shows them.
 */
export const PUZZLE_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const PUZZLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type PuzzleDifficulty = (typeof PUZZLE_DIFFICULTIES)[number];
export type PuzzleStatus = (typeof PUZZLE_STATUSES)[number];

export const PUZZLE_SORTS = ['title', '-title', 'plays', '-plays', 'created', '-created'] as const;
export type PuzzleSort = (typeof PUZZLE_SORTS)[number];
export const DEFAULT_PUZZLE_SORT: PuzzleSort = '-created';

export const puzzleId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const PuzzleListInput = z.extend(ListQueryInput, {
  category: filterParam(z.string().check(z.trim(), z.maxLength(100))),
  difficulty: filterParam(z.enum(PUZZLE_DIFFICULTIES)),
  status: filterParam(z.enum(PUZZLE_STATUSES)),
  sort: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z._default(z.enum(PUZZLE_SORTS), DEFAULT_PUZZLE_SORT),
  ),
});
export type PuzzleListInput = z.output<typeof PuzzleListInput>;

/**
 * `addpuzzle` / `updatepuzzle`. `content` is the JSON text as the admin typed it (kept as is, so
 * its lines stay where they were); an API client may send the object itself, which is stored
 * pretty-printed. The content's own check is {@link contentProblems}, which knows lines.
 */
export const PuzzleInput = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(200)),
  category: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(100)),
  difficulty: z.enum(PUZZLE_DIFFICULTIES),
  status: z._default(z.enum(PUZZLE_STATUSES), 'draft'),
  content: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : value,
    ),
    z.string().check(z.minLength(1, 'validation.required'), z.maxLength(CONTENT_MAX_CHARS)),
  ),
});
export type PuzzleInput = z.output<typeof PuzzleInput>;

export const UpdatePuzzleInput = z.extend(PuzzleInput, { id: puzzleId });
export type UpdatePuzzleInput = z.output<typeof UpdatePuzzleInput>;

export const PuzzleIdInput = z.object({ id: puzzleId });

/** `GET /api/app/puzzles`: published puzzles, paged; `since` for a client's incremental sync. */
export const AppPuzzlesInput = z.object({
  page: ListQueryInput.shape.page,
  record: ListQueryInput.shape.record,
});

export interface ContentProblem {
  /** `content`, or `content.grid[2][3]`: the field an `errors` entry is filed under. */
  field: string;
  line: number;
  /** A JSON syntax error (with its column), or what the schema said there. */
  syntax?: { column: number };
  issue?: Issue;
}

/** Everything wrong with a content text, each at its line; empty when it is valid. */
export function contentProblems(text: string): ContentProblem[] {
  const located = locateJson(text);
  if (!located.ok)
    return [{ field: 'content', line: located.at.line, syntax: { column: located.at.column } }];
  const result = PuzzleContent.safeParse(located.value, catalogueIssues);
  if (result.success) return [];
  return meaningfulIssues(result.error.issues).map((issue) => {
    const path = jsonPath(issue.path);
    return {
      field: path.length ? `content.${formatPath(path)}` : 'content',
      line: located.lineOf(path),
      issue,
    };
  });
}

/** A parsed JSON value has string and number keys only: this narrows the type, it drops nothing. */
const jsonPath = (path: readonly PropertyKey[]): JsonPath =>
  path.filter((key): key is string | number => typeof key !== 'symbol');

/**
 * Problems as `errors` entries (first per field), worded by the caller: the server with its `t`,
 * the island with its labels. Each message says its line.
 */
export function contentErrors(
  problems: readonly ContentProblem[],
  word: {
    syntax: (line: number, column: number) => string;
    issue: (issue: Issue) => string;
    atLine: (line: number, message: string) => string;
  },
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    errors[problem.field] ??= problem.syntax
      ? word.syntax(problem.line, problem.syntax.column)
      : word.atLine(problem.line, word.issue(problem.issue!));
  }
  return errors;
}

/** A puzzle as every puzzles endpoint returns it. Timestamps are ISO 8601 strings in UTC. */
export interface PuzzleRow {
  id: number;
  title: string;
  category: string;
  difficulty: PuzzleDifficulty;
  status: PuzzleStatus;
  plays: number;
  /** Mean score of all plays, one decimal; null before the first play. */
  average_score: number | null;
  created_at: string;
  updated_at: string;
}

/** `getpuzzle` adds the content text. */
export interface PuzzleDetail extends PuzzleRow {
  content: string;
}
