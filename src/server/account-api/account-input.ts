import * as z from 'zod/mini';
import { currentPassword, newPassword } from '../../features/auth/auth-input';

/** The generic account API (DESIGN.md §5, `/api/account/*`). */

/** Trimmed, then an address of at most 254 characters (a long non-address is told it is not one). */
const email = z.pipe(z.string().check(z.trim()), z.email('validation.email').check(z.maxLength(254)));
const name = z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(100));

export const AccountLoginInput = z.object({
  email,
  password: currentPassword,
});

export const AccountRegisterInput = z.object({
  /** Clients of the template send their own id; ours comes from the database, so it is accepted and ignored. */
  id: z.optional(z.union([z.string().check(z.maxLength(128)), z.number()])),
  email,
  password: newPassword,
  firstName: name,
  lastName: name,
});
export type AccountRegisterInput = z.infer<typeof AccountRegisterInput>;
