import { apiRoute } from '../../../shared/routes/declare';
import { ProfileInput } from '../../../shared/profile/profile-input';
import { actorOf, readMultipart } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { prepareImage } from '../../../server/images/prepare';
import { updateProfile } from '../../../server/profile/service';

export const route = apiRoute({
  path: '/api/admin/updateprofile',
  methods: ['POST'],
  access: 'signed-in',
  input: ProfileInput,
  multipart: true,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { fields, file } = await readMultipart(context, route.input, 'profile');
  const image = file ? await prepareImage(file, 'profile') : null;
  return ok(context, 'profile.api.saved', { ResponseBody: await updateProfile(fields, image, actor) });
});
