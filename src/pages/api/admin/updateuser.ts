import { apiRoute } from '../../../shared/routes/declare';
import { UpdateUserInput } from '../../../shared/users/user-input';
import { actorOf, readMultipart } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { prepareImage } from '../../../server/images/prepare';
import { updateUser } from '../../../server/users/service';

export const route = apiRoute({
  path: '/api/admin/updateuser',
  methods: ['POST'],
  access: 'users.edit',
  input: UpdateUserInput,
  multipart: true,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { fields, file } = await readMultipart(context, route.input, 'profile');
  const image = file ? await prepareImage(file, 'profile') : null;
  return ok(context, 'users.api.saved', { ResponseBody: await updateUser(fields, image, actor) });
});
