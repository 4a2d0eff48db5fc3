/** DELETE /question/deleteQuestion/:qid → {qid}; author only, and not once others have answered (409). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteQuestion } from '@fso/core';
import { methodNotAllowed, requireId, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'DELETE');
  const actor = await requireApiUser(request, context);
  return respond(
    await deleteQuestion(context.ports, callerOf(context, actor), { questionId: requireId(params.qid) }),
    (v) => v,
  );
}
