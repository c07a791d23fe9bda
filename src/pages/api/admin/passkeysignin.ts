import { apiRoute } from '../../../shared/routes/declare';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { PasskeySignInInput } from '../../../shared/mfa/mfa-input';
import { readPendingSignIn } from '../../../server/auth/pending-cookies';
import { openBrowserSession, passkeyStep } from '../../../server/auth/sign-in-steps';
import { sessionDelivery } from '../../../server/auth/token-delivery';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/passkeysignin',
  methods: ['POST'],
  access: 'public',
  input: PasskeySignInInput,
});

/** The same answer as `verifyotp`, bearer delivery included. */
export const POST = endpoint(async (context) => {
  const { otpToken, response } = await readJson(context, route.input, {
    otpToken: readPendingSignIn(context.cookies),
  });
  const delivery = sessionDelivery(context.request);
  const signedIn = await passkeyStep(
    context,
    otpToken ?? undefined,
    response as unknown as AuthenticationResponseJSON,
  );
  const { token, adminData } = signedIn;
  if (delivery === 'bearer') return ok(context, 'auth.login.welcome', { ResponseBody: { token, adminData } });
  await openBrowserSession(context.cookies, token, adminData.id);
  return ok(context, 'auth.login.welcome', { ResponseBody: { adminData } });
});
