import { apiRoute } from '../../../shared/routes/declare';
import { UserInput } from '../../../shared/users/user-input';
import { actorOf, readMultipart } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { prepareImage } from '../../../server/images/prepare';
import { createUser } from '../../../server/users/service';

export const route = apiRoute({
  path: '/api/admin/adduser',
  methods: ['POST'],
  access: 'users.edit',
  input: UserInput,
  multipart: true,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { fields, file } = await readMultipart(context, route.input, 'profile');
  const image = file ? await prepareImage(file, 'profile') : null;
  return ok(context, 'users.api.created', { ResponseBody: await createUser(fields, image, actor) });
});
