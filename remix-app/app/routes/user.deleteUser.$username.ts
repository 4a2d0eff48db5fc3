/** DELETE /user/deleteUser/{username} → owner only; the account, its sessions and sockets end. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteAccount } from '@fso/core';
import { requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, clearSessionCookie, requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE');
  const actor = await requireApiUser(request, context);
  const outcome = await deleteAccount(context.ports, callerOf(context, actor), { username: params.username ?? '' });
  return respond(
    outcome,
    (user) => user,
    () => ({ 'Set-Cookie': clearSessionCookie(context) }),
  );
}
