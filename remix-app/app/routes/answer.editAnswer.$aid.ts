/**
 * PATCH /answer/editAnswer/:aid {text} → the edited answer (its author, or a user with the "edit
 * without review" privilege), or {suggestedEdit, message} when anyone else's edit waits for
 * review; counted against the rate limit before the body is read.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, editAnswer } from '@fso/core';
import { editAnswerBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireId, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const id = requireId(params.aid);
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, editAnswerBodySchema);
  return respond(await editAnswer(context.ports, admitted.value, { answerId: id, text: body.text }), (a) => a);
}
