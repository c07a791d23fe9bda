import { api } from '../../lib/api-client';
import type { ProfileData } from '../../shared/profile/profile-input';

/** `updateprofile`: multipart, the photo as the `profile` file; answers with the saved profile. */
export async function saveProfile(data: FormData): Promise<ProfileData> {
  const answer = await api('/api/admin/updateprofile', { method: 'POST', form: data });
  if (!answer.ResponseBody) throw new Error('No profile in the answer');
  return answer.ResponseBody;
}
