import * as z from 'zod/mini';
import { oneLine } from '../../lib/control-characters';

/**
 * The second factors' request shapes (DESIGN.md §5b), shared by the islands and the endpoints.
 * Messages are i18n keys; the server translates them.
 */
export const PASSKEY_NAME_MAX = 60;

const appCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'validation.otp'));
/** Twelve letters and digits, as printed (`7K2M-QX9D-4HTR`); case, spaces and dashes do not matter. */
export const RECOVERY_CODE = /^[0-9A-Za-z]{4}[\s-]?[0-9A-Za-z]{4}[\s-]?[0-9A-Za-z]{4}$/;
const recoveryCode = z.string().check(z.trim(), z.regex(RECOVERY_CODE, 'mfa.recovery.invalid'));
const token = z.string().check(z.regex(/^[\w-]{16,128}$/, 'validation.token'));

/** A WebAuthn answer as @simplewebauthn/browser gives it (checked in full by the server's library). */
export const PasskeyResponse = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(8192)) }),
});

export const TotpConfirmInput = z.object({ code: appCode });

export const PasskeyNameInput = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(PASSKEY_NAME_MAX), oneLine()),
});

export const PasskeyRegisterInput = z.object({ ...PasskeyNameInput.shape, response: PasskeyResponse });

export const RemoveMfaInput = z.object({
  method: z.enum(['totp', 'passkey']),
  id: z.optional(z.int().check(z.positive())),
});
export type RemoveMfaInput = z.output<typeof RemoveMfaInput>;

/** `reauth`: an app or recovery code, a passkey, or (for an admin with no factor yet) the password. */
export const ReauthInput = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), otp: appCode }),
  z.object({ method: z.literal('recovery'), otp: recoveryCode }),
  z.object({ method: z.literal('passkey'), response: PasskeyResponse }),
  z.object({
    method: z.literal('password'),
    password: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(4096)),
  }),
]);
export type ReauthInput = z.output<typeof ReauthInput>;

export const ResetAdminMfaInput = z.object({ id: z.int().check(z.positive()) });

/** `otpToken: null` asks for a passkey-only sign-in even when a password step is pending. */
export const PasskeySignInOptionsInput = z.object({ otpToken: z.optional(z.nullable(token)) });
export const PasskeySignInInput = z.object({
  otpToken: z.optional(z.nullable(token)),
  response: PasskeyResponse,
});

/** A sign-in's second step (`verifyotp`'s `method`). */
export const CODE_METHODS = ['email', 'totp', 'recovery'] as const;
export type CodeMethod = (typeof CODE_METHODS)[number];

/** A call that takes no fields. */
export const EmptyInput = z.object({});
