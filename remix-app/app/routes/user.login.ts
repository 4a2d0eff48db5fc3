/** POST /user/login {username, password} → the user, signed in; failures rate limited. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { loginSchema } from '@fso/shared';
import { login } from '~/services/accounts.server.ts';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, loginSchema);
  return respond(await login(context, input), (v) => v.user, (v) => ({ 'Set-Cookie': v.cookie }));
}
