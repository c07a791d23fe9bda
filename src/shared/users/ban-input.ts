import * as z from 'zod/mini';
import { banUntil } from './ban-until';
import { userId } from './user-input';

export { banUntil };

/**
 * Bans and notes on a player (issue 41): the request shapes shared by the ban dialog, the notes
 * form and the endpoints, and the answers they read. Messages are i18n keys.
 */
export const BAN_REASON_MAX = 500;
export const NOTE_MAX = 2_000;

/** 1–500 characters once trimmed: a ban always says why. */
export const banReason = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(BAN_REASON_MAX));

/** `banuser`: no `until` (or null) is a permanent ban. */
export const BanInput = z.object({
  id: userId,
  reason: banReason,
  until: z.optional(z.nullable(banUntil)),
});
export type BanInput = z.output<typeof BanInput>;

/** `liftban`. */
export const LiftBanInput = z.object({ id: userId });

/** `getbans`, `getusernotes`. */
export const UserRecordInput = z.object({ user_id: userId });

/** `addusernote`. */
export const NoteInput = z.object({
  user_id: userId,
  text: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(NOTE_MAX)),
});
export type NoteInput = z.output<typeof NoteInput>;

/** `deleteusernote`. */
export const NoteIdInput = z.object({ id: userId });

/** Someone who acted, as the record names them (null: the system, or an admin since removed). */
export interface ActorRef {
  id: number;
  name: string;
}

/** One ban as `getbans` lists it. Timestamps are ISO 8601 in UTC. */
export interface BanRow {
  id: number;
  reason: string | null;
  from: string;
  /** Null: permanent. */
  until: string | null;
  banned_by: ActorRef | null;
  /** When it ended: lifted by an admin, or its `until` once passed (then `lifted_by` is null). */
  lifted_at: string | null;
  lifted_by: ActorRef | null;
  in_force: boolean;
}

/** The ban in force, as the player page and the product API tell it. */
export interface BanStanding {
  reason: string | null;
  until: string | null;
}

export interface NoteRow {
  id: number;
  user_id: number;
  text: string;
  author: ActorRef | null;
  created_at: string;
}
