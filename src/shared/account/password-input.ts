import * as z from 'zod/mini';
import { currentPassword, newPassword } from '../auth/auth-input';

/**
 * `changepassword` (DESIGN.md §5): the password being replaced is checked, not chosen (any
 * non-empty one); the new one follows the sign-in rules (8 to 1024 code points). Whether it is too
 * guessable, or the same as the current one, only the server says (it knows the names and email).
 */
export const ChangePasswordInput = z.object({
  current_password: currentPassword,
  new_password: newPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
