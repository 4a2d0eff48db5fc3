/** DELETE /comment/deleteComment/:cid → {cid}; author only. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteComment } from '@fso/core';
import { methodNotAllowed, requireId, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE');
  const actor = await requireApiUser(request, context);
  return respond(
    await deleteComment(context.ports, callerOf(context, actor), { commentId: requireId(params.cid) }),
    (v) => v,
  );
}
