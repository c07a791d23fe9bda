import { LanguageInput } from '../../../shared/profile/profile-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { saveLanguage } from '../../../server/profile/service';

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await saveLanguage(await readJson(context, LanguageInput), actor);
  return ok(context, 'api.ok');
});
