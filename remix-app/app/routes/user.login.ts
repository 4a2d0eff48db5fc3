/** POST /user/login {username, password} → the user, signed in; failures rate limited. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { login } from '@fso/core';
import { loginSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, sessionCookie } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, loginSchema);
  return respond(
    await login(context.ports, callerOf(context, null), input),
    (v) => v.user,
    (v) => ({ 'Set-Cookie': sessionCookie(context, v.session) }),
  );
}
