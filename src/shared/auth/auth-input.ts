import * as z from 'zod/mini';
import { RECOVERY_CODE } from '../mfa/mfa-input';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from './password-text';

/**
 * One schema per request shape of the sign-in and recovery endpoints (DESIGN.md §5), shared by the
 * islands' forms and the endpoints. Messages are i18n keys; the server translates them.
 */
const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(254)),
  z.email('validation.email'),
);
const otp = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'validation.otp'));
/** 43 characters of base64url for 256-bit tokens, 22 for 128-bit ones; anything else is not ours. */
const token = z.string().check(z.regex(/^[\w-]{16,128}$/, 'validation.token'));

/** Checks a password's length in code points (see password-text.ts) with the usual length messages. */
function passwordOfLength(min: number, minMessage?: string) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const length = passwordLength(value);
      if (length < min) {
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: min,
          inclusive: true,
          ...(minMessage ? { message: minMessage } : {}),
        });
      } else if (length > PASSWORD_MAX) {
        ctx.addIssue({ code: 'too_big', origin: 'string', maximum: PASSWORD_MAX, inclusive: true });
      }
    }),
  );
}

export const newPassword = passwordOfLength(PASSWORD_MIN);
/** A password being checked, not chosen: any non-empty one up to the maximum. */
export const currentPassword = passwordOfLength(1, 'validation.required');

export const LoginInput = z.object({ email, password: currentPassword });
export type LoginInput = z.infer<typeof LoginInput>;

export const SendOtpInput = z.object({ otpToken: token });
/**
 * The code step: a mailed or app code (six digits), or a recovery code (`method: 'recovery'`).
 * Without `method`, the admin's first method that takes a code (server/mfa/factors.ts).
 */
export const VerifyOtpInput = z
  .object({
    otpToken: token,
    otp: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(32)),
    method: z.optional(z.enum(['email', 'totp', 'recovery'])),
  })
  .check(
    z.superRefine((value, ctx) => {
      const digits = /^\d{6}$/.test(value.otp);
      const wanted = value.method === 'recovery' ? RECOVERY_CODE.test(value.otp) : digits;
      if (!wanted && !(value.method === undefined && RECOVERY_CODE.test(value.otp))) {
        const message = value.method === 'recovery' ? 'mfa.recovery.invalid' : 'validation.otp';
        ctx.addIssue({ code: 'custom', path: ['otp'], message, input: value.otp });
      }
    }),
  );
export const ForgotPasswordInput = z.object({ email });
export const VerifyResetCodeInput = z.object({ email, otp });
export const ResetPasswordInput = z.object({ resetToken: token, password: newPassword });
