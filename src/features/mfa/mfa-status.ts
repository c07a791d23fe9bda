/** `getmfa`'s answer as the screens read it (server/mfa/factors.ts writes it). */
export interface MfaStatusView {
  totp: boolean;
  passkeys: { id: number; name: string; created_at: string; last_used_at: string | null }[];
  recovery_codes_left: number;
  required: boolean;
  grace_until: string | null;
}
