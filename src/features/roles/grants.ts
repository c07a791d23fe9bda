import type { Permission } from '../../shared/roles/permissions';

/** What a screen may offer, by its own names: `{ edit: true, export: false }`. */
export type Grants<Name extends string> = Readonly<Record<Name, boolean>>;

/**
 * A screen's actions mapped to what the signed-in admin holds, worked out by the page on the
 * server. Screens leave out what is false; the server refuses it anyway.
 */
export function grantsOf<const Names extends Record<string, Permission>>(
  held: readonly Permission[],
  names: Names,
): Grants<Extract<keyof Names, string>> {
  return Object.fromEntries(
    Object.entries(names).map(([name, permission]) => [name, held.includes(permission)]),
  ) as Grants<Extract<keyof Names, string>>;
}
