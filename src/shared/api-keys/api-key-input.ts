import * as z from 'zod/mini';
import { ListQueryInput } from '../../lib/list-query';
import { API_KEY_SCOPES, type ApiKeyScope } from '../roles/permissions';

/**
 * The product API keys' request shapes (account settings, DESIGN.md §5), shared by the island's
 * form and the endpoints. Messages are i18n keys or zod's own codes; the server translates them.
 */
export const API_KEY_NAME_MAX = 80;

const keyName = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(API_KEY_NAME_MAX));

/** The form's text fields (its scopes are checkboxes, checked on their own). */
export const ApiKeyNameInput = z.object({ name: keyName });

/**
 * `addapikey`: a name the admin tells keys apart by ("Game servers, EU") and what the key may call.
 * `scopes` is optional for the calls made before scopes: left out, the key gets every scope its
 * maker may give (src/shared/api-keys/scope-needs.ts). Sent, it is taken as it is: `[]` is an
 * error, never "everything".
 */
export const ApiKeyCreateInput = z.object({
  name: keyName,
  scopes: z.optional(
    z.array(z.enum(API_KEY_SCOPES)).check(z.minLength(1, 'apiKeys.api.noScope'), z.maxLength(20)),
  ),
});
export type ApiKeyCreateInput = z.output<typeof ApiKeyCreateInput>;

/** `revokeapikey`. */
export const ApiKeyIdInput = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});
export type ApiKeyIdInput = z.output<typeof ApiKeyIdInput>;

/** `getapikeys`: the list query; `search` matches the name or the prefix. */
export const ApiKeyListInput = ListQueryInput;
export type ApiKeyListInput = z.output<typeof ApiKeyListInput>;

/** A key as the list shows it: never the key itself, which only `addapikey`'s answer carries. */
export interface ApiKeyRow {
  id: number;
  name: string;
  /** The key's first characters (`pzk_` and 8 more), enough to tell keys apart. */
  prefix: string;
  /** What the key may call under /api/app. */
  scopes: ApiKeyScope[];
  /** The admin who made it; null once that admin is gone. */
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  /** Set once revoked: the key opens nothing from then on. Revoked keys stay listed, marked. */
  revoked_at: string | null;
}

/** `addapikey`'s answer: the only time the key is ever shown. */
export interface ApiKeyCreated {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  key: string;
}
