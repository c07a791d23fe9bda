import type { ZodIssue, ZodTypeAny } from 'zod';
import { fill } from './labels';

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
} as const;

export type ValidationLabels = Record<keyof typeof validationLabelKeys, string>;

/** Catalogue key → label name, for schemas that carry their own key (`'validation.phone'`). */
const byKey = new Map<string, keyof ValidationLabels>(
  Object.entries(validationLabelKeys).map(([name, key]) => [key, name as keyof ValidationLabels]),
);

function describe(issue: ZodIssue, labels: ValidationLabels): string {
  // A schema's own key is the most specific thing it can say (`min(1, 'validation.required')`).
  const own = byKey.get(issue.message);
  if (own) return labels[own];
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' || issue.received === 'null' ? labels.required : labels.invalid;
    case 'too_small':
      return issue.type === 'string'
        ? fill(labels.minLength, { count: Number(issue.minimum) })
        : fill(labels.min, { min: Number(issue.minimum) });
    case 'too_big':
      return issue.type === 'string'
        ? fill(labels.maxLength, { count: Number(issue.maximum) })
        : fill(labels.max, { max: Number(issue.maximum) });
    case 'invalid_enum_value':
      return fill(labels.oneOf, { options: issue.options.join(', ') });
    case 'invalid_string':
      if (issue.validation === 'email') return labels.email;
      if (issue.validation === 'url') return labels.url;
  }
  return labels.invalid;
}

/** Field name → message, the first problem per field (the shape of the server's `errors`). */
export function issuesToFieldErrors(
  issues: readonly ZodIssue[],
  labels: ValidationLabels,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= describe(issue, labels);
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

/** Checks a form's text fields with the endpoint's schema; `{}` when it passes. */
export function validateForm(
  schema: ZodTypeAny,
  data: FormData,
  labels: ValidationLabels,
): Record<string, string> {
  const result = schema.safeParse(textFields(data));
  return result.success ? {} : issuesToFieldErrors(result.error.issues, labels);
}
