import type { core } from 'zod/mini';

export type Issue = core.$ZodIssue;

/** Marks an enum given a value of the wrong type (a number, a boolean): its options are the type. */
export const WRONG_TYPE = 'validation.type';

/**
 * What zod 4 leaves out of a finished issue that our messages tell apart: the value itself (so
 * "missing" and "wrong type" look alike) and which schema spoke (a literal's miss and an enum's
 * are both `invalid_value`). This error map sees the issue while it still has both, and words
 * those cases as catalogue keys; validation.ts and form-errors.ts read the rest from the issue. A
 * schema's own message outranks it.
 */
const catalogueErrors: core.$ZodErrorMap = (issue) => {
  const missing = issue.input === undefined || issue.input === null;
  if (issue.code === 'invalid_value') {
    // A literal is matched by value alone: any other value, even none, is simply not it.
    const def = issue.inst?._zod.def;
    if (def && 'type' in def && def.type === 'literal') return 'validation.invalid';
    if (missing) return 'validation.required';
    return typeof issue.input === 'string' ? undefined : WRONG_TYPE;
  }
  if (issue.code === 'invalid_type') {
    if (missing) return 'validation.required';
    // A date that does not parse (`?from=someday`) is not valid, rather than of another type.
    if (issue.input instanceof Date) return 'validation.invalid';
  }
  return undefined;
};

/**
 * The parse options of every parse whose issues a person reads:
 * `safeParse(schema, value, catalogueIssues)`.
 */
export const catalogueIssues = { error: catalogueErrors } as const;

/**
 * zod 4's integer check also bounds a number to the safe integers, and says so before the schema's
 * own bounds (the ones that mean something: an id is at most 2147483647, not 2^53 - 1). Every
 * integer schema here has its own bounds, so that issue gives way to the next one on the same
 * field, and the answer names the schema's bound.
 */
export function meaningfulIssues(issues: readonly Issue[]): Issue[] {
  return issues.filter(
    (issue, index) =>
      !isSafeIntegerBound(issue) ||
      !issues.some((later, at) => at > index && samePath(later.path, issue.path)),
  );
}

function isSafeIntegerBound(issue: Issue): boolean {
  return (
    (issue.code === 'too_big' && issue.origin === 'int' && issue.maximum === Number.MAX_SAFE_INTEGER) ||
    (issue.code === 'too_small' && issue.origin === 'int' && issue.minimum === Number.MIN_SAFE_INTEGER)
  );
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);
