import { z } from 'zod';

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
export const newPassword = z.string().min(8).max(1024);

export const LoginInput = z.object({ email, password: z.string().min(1, 'validation.required').max(1024) });
export type LoginInput = z.infer<typeof LoginInput>;

export const SendOtpInput = z.object({ otpToken: token });
export const VerifyOtpInput = z.object({ otpToken: token, otp });
export const ForgotPasswordInput = z.object({ email });
export const VerifyResetCodeInput = z.object({ email, otp });
export const ResetPasswordInput = z.object({ resetToken: token, password: newPassword });
