import type { ZodMiniType } from 'zod/mini';
import { fill, plural, type Labels } from './labels';
import { catalogueIssues, meaningfulIssues, WRONG_TYPE, type Issue } from './zod-issues';

/**
 * Client-side twin of the server's zod → message mapping (src/server/http/validation.ts), so a
 * form checked in the browser says what the endpoint would say. The endpoint's check still counts.
 */
export const validationLabelKeys = {
  required: 'validation.required',
  email: 'validation.email',
  phone: 'validation.phone',
  invalid: 'validation.invalid',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  min: 'validation.min',
  max: 'validation.max',
  oneOf: 'validation.oneOf',
  url: 'validation.url',
  oneLine: 'validation.oneLine',
} as const;

export type ValidationLabels = Labels<typeof validationLabelKeys>;

/** Catalogue key → label name, for schemas that carry their own key (`'validation.phone'`). */
const byKey = new Map<string, keyof ValidationLabels>(
  Object.entries(validationLabelKeys).map(([name, key]) => [key, name as keyof ValidationLabels]),
);

/** One issue in the person's words (the puzzle form words its content's issues one by one). */
export function describeIssue(issue: Issue, labels: ValidationLabels): string {
  // A schema's own key is the most specific thing it can say (`min(1, 'validation.required')`).
  const own = byKey.get(issue.message);
  const ownWords = own && labels[own];
  if (typeof ownWords === 'string') return ownWords;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? plural(labels.minLength, Number(issue.minimum))
        : fill(labels.min, { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? plural(labels.maxLength, Number(issue.maximum))
        : fill(labels.max, { max: Number(issue.maximum) });
    case 'invalid_value':
      // An enum given another type (WRONG_TYPE) is simply not valid here, as a wrong type is.
      if (issue.message === WRONG_TYPE) break;
      return fill(labels.oneOf, { options: issue.values.join(', ') });
    case 'invalid_format':
      if (issue.format === 'email') return labels.email;
      if (issue.format === 'url') return labels.url;
  }
  return labels.invalid;
}

/**
 * Field name → message, the first problem per field (the shape of the server's `errors`). The
 * issues come from a parse with `catalogueIssues`, which words a missing value as required.
 */
export function issuesToFieldErrors(
  issues: readonly Issue[],
  labels: ValidationLabels,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of meaningfulIssues(issues)) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= describeIssue(issue, labels);
  }
  return errors;
}

/** The text fields of a form (files are left to the image field's own check). */
export function textFields(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  data.forEach((value, name) => {
    if (typeof value === 'string') values[name] = value;
  });
  return values;
}

/**
 * Checks a form's text fields with the endpoint's schema; `{}` when it passes. Through the schema's
 * own method, so a screen that passes no schema loads no zod.
 */
export function validateForm(
  schema: ZodMiniType,
  data: FormData,
  labels: ValidationLabels,
): Record<string, string> {
  const result = schema.safeParse(textFields(data), catalogueIssues);
  return result.success ? {} : issuesToFieldErrors(result.error.issues, labels);
}
