/** DELETE /user/deleteUser/{username} → owner only; the account, its sessions and sockets end. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteAccount } from '~/services/accounts.server.ts';
import { requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE');
  const actor = await requireApiUser(request, context);
  return respond(await deleteAccount(context, actor, params.username ?? ''), (v) => v.user, (v) => ({ 'Set-Cookie': v.cookie }));
}
