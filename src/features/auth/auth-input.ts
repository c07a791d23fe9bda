import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from './password-text';

/**
 * One schema per request shape of the sign-in and recovery endpoints (DESIGN.md §5), shared by the
 * islands' forms and the endpoints. Messages are i18n keys; the server translates them.
 */
const email = z.string().trim().min(1, 'validation.required').max(254).email('validation.email');
const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.otp');
/** 43 characters of base64url for 256-bit tokens, 22 for 128-bit ones; anything else is not ours. */
const token = z.string().regex(/^[\w-]{16,128}$/, 'validation.token');

/** Checks a password's length in code points (see password-text.ts) with the usual length messages. */
function passwordOfLength(min: number, minMessage?: string) {
  return z.string().superRefine((value, ctx) => {
    const length = passwordLength(value);
    if (length < min) {
      ctx.addIssue({
        code: z.ZodIssueCode.too_small,
        type: 'string',
        minimum: min,
        inclusive: true,
        ...(minMessage ? { message: minMessage } : {}),
      });
    } else if (length > PASSWORD_MAX) {
      ctx.addIssue({ code: z.ZodIssueCode.too_big, type: 'string', maximum: PASSWORD_MAX, inclusive: true });
    }
  });
}

export const newPassword = passwordOfLength(PASSWORD_MIN);
/** A password being checked, not chosen: any non-empty one up to the maximum. */
export const currentPassword = passwordOfLength(1, 'validation.required');

export const LoginInput = z.object({ email, password: currentPassword });
export type LoginInput = z.infer<typeof LoginInput>;

export const SendOtpInput = z.object({ otpToken: token });
export const VerifyOtpInput = z.object({ otpToken: token, otp });
export const ForgotPasswordInput = z.object({ email });
export const VerifyResetCodeInput = z.object({ email, otp });
export const ResetPasswordInput = z.object({ resetToken: token, password: newPassword });
