/**
 * POST /user/logout: ends this session. A JSON client gets 200; the header's Log out form
 * (which works without JavaScript) is redirected to the login page.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logout } from '@fso/core';
import { isFormPost, ok, requireMethod } from '~/services/http.server.ts';
import { callerOf, clearSessionCookie, getSessionUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  await logout(context.ports, callerOf(context, await getSessionUser(request, context)));
  const cookie = clearSessionCookie(context);
  if (isFormPost(request)) return redirect('/', { headers: { 'Set-Cookie': cookie } });
  return ok({ ok: true }, { 'Set-Cookie': cookie });
}
