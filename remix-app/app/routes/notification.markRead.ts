/** POST /notification/markRead {ids: [...]} or {all: true} → {marked, unread}; only one's own notifications. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { markRead } from '@fso/core';
import { markReadBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, markReadBodySchema);
  return respond(await markRead(context.ports, callerOf(context, actor), body), (r) => r);
}
