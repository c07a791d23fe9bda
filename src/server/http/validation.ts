import type { TFunction } from 'i18next';
import type { ZodError, ZodIssue } from 'zod';

/**
 * Turns one zod issue into a sentence in the request's language. Schemas may also carry their own
 * message as an i18n key (`z.string().regex(re, 'validation.phone')`); those are translated as is.
 */
function describe(issue: ZodIssue, t: TFunction): string {
  // The schema's own key wins: `min(1, 'validation.required')` means "required", not "1 character".
  if (issue.message.startsWith('validation.')) return t(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' || issue.received === 'null'
        ? t('validation.required')
        : t('validation.type', { expected: issue.expected });
    case 'too_small':
      return issue.type === 'string'
        ? t('validation.minLength', { count: Number(issue.minimum) })
        : t('validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.type === 'string'
        ? t('validation.maxLength', { count: Number(issue.maximum) })
        : t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_enum_value':
      return t('validation.oneOf', { options: issue.options.join(', ') });
    case 'invalid_string':
      if (issue.validation === 'email') return t('validation.email');
      if (issue.validation === 'url') return t('validation.url');
      break;
  }
  return issue.message.startsWith('validation.') ? t(issue.message) : t('validation.invalid');
}

/** Field name → message, first problem per field; a problem with the body as a whole is `body`. */
export function fieldErrors(error: ZodError, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= describe(issue, t);
  }
  return errors;
}
