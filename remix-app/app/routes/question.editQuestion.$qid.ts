/**
 * PATCH /question/editQuestion/:qid {title, text, tags} → the edited question (its author, or a user
 * with the "edit without review" privilege), or {suggestedEdit, message} when anyone else's edit
 * waits for review; counted against the rate limit before the body is read.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, editQuestion } from '@fso/core';
import { editQuestionBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireId, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const id = requireId(params.qid);
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, editQuestionBodySchema);
  return respond(await editQuestion(context.ports, admitted.value, { questionId: id, ...body }), (q) => q);
}
