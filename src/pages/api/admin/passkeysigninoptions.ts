import { apiRoute } from '../../../shared/routes/declare';
import { PasskeySignInOptionsInput } from '../../../shared/mfa/mfa-input';
import { readPendingSignIn } from '../../../server/auth/pending-cookies';
import { passkeySignInOptions } from '../../../server/auth/login-service';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/passkeysigninoptions',
  methods: ['POST'],
  access: 'public',
  input: PasskeySignInOptionsInput,
});

/** Request options: the pending sign-in's admin's passkeys, or (none pending) any discoverable one. */
export const POST = endpoint(async (context) => {
  const { otpToken } = await readJson(context, route.input, {
    otpToken: readPendingSignIn(context.cookies),
  });
  return ok(context, 'mfa.api.options', { ResponseBody: await passkeySignInOptions(otpToken ?? undefined) });
});
