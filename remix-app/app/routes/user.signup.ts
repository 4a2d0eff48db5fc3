/** POST /user/signup {username, password} → the new user, signed in (SPEC §7). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { signup } from '@fso/core';
import { signupSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, sessionCookie } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, signupSchema);
  return respond(
    await signup(context.ports, callerOf(context, null), input),
    (v) => v.user,
    (v) => ({ 'Set-Cookie': sessionCookie(context, v.session) }),
  );
}
