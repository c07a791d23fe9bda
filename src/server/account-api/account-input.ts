import * as z from 'zod/mini';
import { currentPassword, newPassword } from '../../shared/auth/auth-input';
import { personName } from '../../lib/person-name';

/** The generic account API (DESIGN.md §5, `/api/account/*`). */

/** Trimmed, then an address of at most 254 characters (a long non-address is told it is not one). */
const email = z.pipe(z.string().check(z.trim()), z.email('validation.email').check(z.maxLength(254)));

export const AccountLoginInput = z.object({
  email,
  password: currentPassword,
});

export const AccountRegisterInput = z.object({
  /** Clients of the template send their own id; ours comes from the database, so it is accepted and ignored. */
  id: z.optional(z.union([z.string().check(z.maxLength(128)), z.number()])),
  email,
  password: newPassword,
  firstName: personName,
  lastName: personName,
});
export type AccountRegisterInput = z.infer<typeof AccountRegisterInput>;
