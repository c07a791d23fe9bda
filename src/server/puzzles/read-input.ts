import type { APIContext } from 'astro';
import type { core, output } from 'zod/mini';
import { contentErrors, contentProblems, type PuzzleInput } from '../../shared/puzzles/puzzle-input';
import { HttpError } from '../http/errors';
import { readJson } from '../http/envelope';
import { describeIssue } from '../http/validation';

/**
 * Reads `addpuzzle` / `updatepuzzle`: the form's fields and the content's own check together, so
 * one answer names every bad field, the content's at their path inside the JSON and their line.
 */
export async function readPuzzle<S extends core.$ZodType<PuzzleInput>>(
  context: APIContext,
  schema: S,
): Promise<output<S>> {
  const { t } = context.locals;
  let errors: Record<string, string> = {};
  let input: output<S> | undefined;
  // A copy of the body, read only when the fields fail, so the content's problems are named too.
  const copy = context.request.clone();
  try {
    input = await readJson(context, schema);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400 || !error.options.errors) throw error;
    errors = error.options.errors;
  }
  const text = input?.content ?? (await bodyContent(copy));
  if (text !== undefined && !errors.content) {
    Object.assign(
      errors,
      contentErrors(contentProblems(text), {
        syntax: (line, column) => t('puzzles.content.syntax', { line, column }),
        issue: (issue) => describeIssue(issue, t),
        atLine: (line, message) => t('puzzles.content.atLine', { line, message }),
      }),
    );
  }
  if (Object.keys(errors).length || !input) throw new HttpError(400, 'api.error.validation', { errors });
  return input;
}

/** The content of a body that failed elsewhere, if it is text, so its problems are reported too. */
async function bodyContent(request: Request): Promise<string | undefined> {
  try {
    const { content } = (await request.json()) as { content?: unknown };
    if (typeof content === 'object' && content !== null) return JSON.stringify(content, null, 2);
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}
