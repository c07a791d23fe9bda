import * as z from 'zod/mini';
import { LOCALES } from '../../i18n/locales';
import type { Permission } from '../roles/permissions';
import { UserInput } from '../users/user-input';

/**
 * `updateprofile` (multipart; the photo travels as the `profile` file). The names follow the users'
 * rules; the email is not editable here (it is the sign-in name). `remove_profile=true` drops the photo.
 * The language is optional (DESIGN.md §5): the seed's form sends only the names and the photo, so a
 * missing or empty `locale` leaves the saved language as it is.
 */
export const ProfileInput = z.extend(
  z.pick(UserInput, { first_name: true, last_name: true, remove_profile: true }),
  {
    locale: z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.enum(LOCALES)),
    ),
  },
);
export type ProfileInput = z.output<typeof ProfileInput>;

/** `updatelanguage`: the language chosen from the header menu, saved on the admin. */
export const LanguageInput = z.object({ locale: z.enum(LOCALES) });
export type LanguageInput = z.output<typeof LanguageInput>;

/** `getprofile` / `updateprofile`: the contract's admin fields plus the saved language. */
export interface ProfileData {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile: string | null;
  locale: string;
  /** The admin's role: a built-in key or a custom one. */
  role: string;
  /** What the role allows, prerequisites included. */
  permissions: Permission[];
}
