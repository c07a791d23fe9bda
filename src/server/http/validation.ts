import { isI18nKey } from '../../i18n';
import type { T } from '../../lib/labels';
import type { core } from 'zod/mini';
import { meaningfulIssues, WRONG_TYPE, type Issue } from '../../lib/zod-issues';

/** zod 4's names for two types, and the ones our messages have always used. */
const TYPE_NAMES: Partial<Record<string, string>> = { int: 'integer', tuple: 'array' };

/**
 * Turns one zod issue into a sentence in the request's language. Schemas may also carry their own
 * message as an i18n key (`z.string().regex(re, 'validation.phone')`); those are translated as is.
 * The issue comes from a parse with `catalogueIssues` (src/lib/zod-issues.ts), which words the
 * cases a finished issue no longer shows (a missing value, a literal's miss) as keys too.
 */
export function describeIssue(issue: Issue, t: T): string {
  // An enum given a number or a boolean: the type it expected is its options.
  if (issue.code === 'invalid_value' && issue.message === WRONG_TYPE) {
    return t('validation.type', { expected: issue.values.map((value) => `'${String(value)}'`).join(' | ') });
  }
  // The schema's own key wins: `min(1, 'validation.required')` means "required", not "1 character".
  // zod carries it as a plain string, so it is checked against the catalogue before it is a key.
  if (issue.message.startsWith('validation.') && isI18nKey(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return t('validation.type', { expected: TYPE_NAMES[issue.expected] ?? issue.expected });
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.minLength', { count: Number(issue.minimum) })
        : t('validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.maxLength', { count: Number(issue.maximum) })
        : t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_value':
      return t('validation.oneOf', { options: issue.values.join(', ') });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'url') return t('validation.url');
      break;
  }
  return t('validation.invalid');
}

/** Field name → message, first problem per field; a problem with the body as a whole is `body`. */
export function fieldErrors(error: core.$ZodError, t: T): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of meaningfulIssues(error.issues)) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= describeIssue(issue, t);
  }
  return errors;
}
