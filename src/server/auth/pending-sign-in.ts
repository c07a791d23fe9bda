import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { admins } from '../db/schema';
import { findLiveChallenge } from './challenges';
import { signInMethods } from './login-service';
import type { SignInMethod } from '../mfa/factors';
import { MAX_SENDS, RESEND_AFTER_MS } from './otp';

/** What the code page shows of a sign-in waiting for its code, read from its challenge. */
export interface PendingSignIn {
  email: string;
  /** ISO 8601: when the current code stops working. */
  expiresAt: string;
  /** Epoch ms: when a new code may be asked for. */
  resendAt: number;
  /** Every resend is spent. */
  exhausted: boolean;
  methods: SignInMethod[];
}

/** The sign-in `otpToken` names, or null when there is none any more (used, expired, out of tries). */
export async function describePendingSignIn(otpToken: string | undefined): Promise<PendingSignIn | null> {
  if (!otpToken) return null;
  const challenge = await findLiveChallenge(otpToken, 'login');
  if (!challenge) return null;
  const methods = await signInMethods(challenge.adminId);
  // A mailed code that was never sent (a second factor was offered) or is spent: nothing to type.
  if (methods.includes('email') && challenge.codeHash === null) return null;
  const [admin] = await (
    await db()
  )
    .select({ email: admins.email })
    .from(admins)
    .where(eq(admins.id, challenge.adminId));
  if (!admin) return null;
  return {
    email: admin.email,
    expiresAt: challenge.codeExpiresAt.toISOString(),
    resendAt: challenge.lastSentAt.getTime() + RESEND_AFTER_MS,
    exhausted: challenge.sends >= MAX_SENDS,
    methods,
  };
}
