/** POST /question/addQuestion → the new question, populated (its `_id` takes the client home). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { askQuestion } from '@fso/core';
import { addQuestionBodySchema, MSG, namesActor } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod, textError } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, addQuestionBodySchema);
  if (!namesActor(actor.username, body.askedBy)) return textError(403, MSG.notAllowed);
  return respond(await askQuestion(context.ports, callerOf(context, actor), body), (q) => q);
}
