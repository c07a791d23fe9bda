import * as z from 'zod/mini';

/** What a parsed user agent says; null parts were not recognised. */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
  /** `desktop`, `mobile`, `tablet`, `tv`, … as the parser names it. */
  type: string | null;
}

/** One live session of the signed-in admin, as `getsessions` lists it. */
export interface SessionRow {
  id: number;
  device: SessionDevice;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session this request was made with. */
  current: boolean;
}

/** `revokesession`: one session by id, or `{others: true}` for every session but this one. */
export const RevokeSessionInput = z
  .object({
    id: z.optional(z.number().check(z.int(), z.positive())),
    others: z.optional(z.literal(true)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const both = value.id !== undefined && value.others !== undefined;
      if (both || (value.id === undefined && value.others === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['id'],
          message: both ? 'validation.invalid' : 'validation.required',
        });
      }
    }),
  );
export type RevokeSessionInput = z.infer<typeof RevokeSessionInput>;
