import { eq } from 'drizzle-orm';
import type { LanguageInput, ProfileData, ProfileInput } from '../../shared/profile/profile-input';
import { changesDetail } from '../audit/changes';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import type { PreparedImage } from '../images/prepare';
import { releaseImage, storeImage } from '../images/store';
import { grantsOfRole } from '../roles/authority';
import type { Permission } from '../../shared/roles/permissions';
import { auditTarget } from '../../shared/audit/vocabulary';

export const toProfileData = (
  admin: Pick<Admin, 'id' | 'firstName' | 'lastName' | 'email' | 'profile' | 'locale' | 'role'>,
  permissions: Permission[],
): ProfileData => ({
  id: admin.id,
  first_name: admin.firstName,
  last_name: admin.lastName,
  email: admin.email,
  profile: admin.profile,
  locale: admin.locale,
  role: admin.role,
  permissions,
});

const profileColumns = {
  id: admins.id,
  firstName: admins.firstName,
  lastName: admins.lastName,
  email: admins.email,
  profile: admins.profile,
  locale: admins.locale,
  role: admins.role,
};

/**
 * Names, photo and language of the signed-in admin, with the audit row, in one transaction. The
 * language is kept when the form leaves it out.
 */
export async function updateProfile(
  input: ProfileInput,
  image: PreparedImage | null,
  actor: Actor,
): Promise<ProfileData> {
  return (await db()).transaction(async (tx) => {
    // The row lock orders two saves from two tabs, so the photo each replaces is the right one.
    const [current] = await tx
      .select({
        firstName: admins.firstName,
        lastName: admins.lastName,
        profile: admins.profile,
        locale: admins.locale,
      })
      .from(admins)
      .where(eq(admins.id, actor.adminId))
      .for('update');
    if (!current) throw new HttpError(401, 'api.error.unauthorized');
    const profile = image ? await storeImage(tx, image) : input.remove_profile ? null : current.profile;
    const values = {
      firstName: input.first_name,
      lastName: input.last_name,
      profile,
      ...(input.locale ? { locale: input.locale } : {}),
    };
    const [saved] = await tx
      .update(admins)
      .set(values)
      .where(eq(admins.id, actor.adminId))
      .returning(profileColumns);
    if (profile !== current.profile) await releaseImage(tx, current.profile);
    await audit(tx, {
      adminId: actor.adminId,
      action: 'profile.update',
      target: auditTarget('admins', actor.adminId),
      detail: changesDetail(current, values),
      ip: actor.ip,
    });
    return toProfileData(saved!, (await grantsOfRole(tx, saved!.role)) ?? []);
  });
}

/** The header's language menu: a preference, saved so it follows the admin to other browsers and into mail. */
export async function saveLanguage(input: LanguageInput, actor: Actor): Promise<void> {
  await (await db()).update(admins).set({ locale: input.locale }).where(eq(admins.id, actor.adminId));
}

/** The language saved on an admin: set as the browser's language when they sign in. */
export async function savedLanguage(adminId: number): Promise<string | null> {
  const [row] = await (
    await db()
  )
    .select({ locale: admins.locale })
    .from(admins)
    .where(eq(admins.id, adminId));
  return row?.locale ?? null;
}
