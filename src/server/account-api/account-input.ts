import { z } from 'zod';
import { currentPassword, newPassword } from '../../features/auth/auth-input';

/** The generic account API (DESIGN.md §5, `/api/account/*`). */
export const AccountLoginInput = z.object({
  email: z.string().trim().email('validation.email').max(254),
  password: currentPassword,
});

export const AccountRegisterInput = z.object({
  /** Clients of the template send their own id; ours comes from the database, so it is accepted and ignored. */
  id: z.union([z.string().max(128), z.number()]).optional(),
  email: z.string().trim().email('validation.email').max(254),
  password: newPassword,
  firstName: z.string().trim().min(1, 'validation.required').max(100),
  lastName: z.string().trim().min(1, 'validation.required').max(100),
});
export type AccountRegisterInput = z.infer<typeof AccountRegisterInput>;
