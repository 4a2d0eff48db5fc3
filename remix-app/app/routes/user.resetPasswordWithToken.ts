/**
 * POST /user/resetPasswordWithToken {token, password} → the user, signed in with the new
 * password; every other session and socket of the account ends. A used, expired or unknown
 * token → 409, 400 or 404 with a text that says which.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { resetPasswordWithToken } from '@fso/core';
import { resetPasswordWithTokenSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, sessionCookie } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, resetPasswordWithTokenSchema);
  return respond(
    await resetPasswordWithToken(context.ports, callerOf(context, null), input),
    (v) => v.user,
    (v) => ({ 'Set-Cookie': sessionCookie(context, v.session) }),
  );
}
