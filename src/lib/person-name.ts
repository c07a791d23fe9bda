import * as z from 'zod/mini';
import { oneLine } from './control-characters';

export const PERSON_NAME_MAX = 100;

/**
 * A person's first or last name, wherever one is entered: admins (invite), users (the admin's
 * form and the product's sync), the profile, the account API's register. Trimmed, required, at
 * most 100 characters, on one line.
 */
export const personName = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(PERSON_NAME_MAX), oneLine());
