import { apiRoute } from '../../../shared/routes/declare';
import { LanguageInput } from '../../../shared/profile/profile-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { saveLanguage } from '../../../server/profile/service';

export const route = apiRoute({
  path: '/api/admin/updatelanguage',
  methods: ['POST'],
  access: 'signed-in',
  also: ['first-password', 'pending', 'mfa-setup'],
  input: LanguageInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await saveLanguage(await readJson(context, route.input), actor);
  return ok(context, 'api.ok');
});
