/** POST /user/setRole {username, role} → the user with their new role; admins only, never their own (issue 41). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { setRole } from '@fso/core';
import { setRoleSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, setRoleSchema);
  return respond(await setRole(context.ports, callerOf(context, actor), input), (user) => user);
}
