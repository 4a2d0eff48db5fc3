/** DELETE /answer/deleteAnswer/:aid → {aid, qid}; author only. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteAnswer } from '@fso/core';
import { methodNotAllowed, requireId, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE');
  const actor = await requireApiUser(request, context);
  return respond(
    await deleteAnswer(context.ports, callerOf(context, actor), { answerId: requireId(params.aid) }),
    (v) => v,
  );
}
