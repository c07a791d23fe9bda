import * as z from 'zod/mini';

/** `exportuserdata`, `eraseuser`, `cancelerasure`, `getusererasure`: a player by id. */
export const PrivacyUserInput = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});
export type PrivacyUserInput = z.output<typeof PrivacyUserInput>;

/** Where a player's erasure stands: none asked for, scheduled (cancellable until then), or done. */
export interface ErasureState {
  user_id: number;
  scheduled_for: string | null;
  erased_at: string | null;
}
