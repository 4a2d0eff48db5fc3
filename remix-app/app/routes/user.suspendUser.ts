/** POST /user/suspendUser {username, days, reason} → {username, suspension}; moderators only, `days: 0` lifts it (issue 41). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { suspendUser } from '@fso/core';
import { suspendUserSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const input = await readJson(request, suspendUserSchema);
  return respond(await suspendUser(context.ports, callerOf(context, actor), input), (done) => done);
}
