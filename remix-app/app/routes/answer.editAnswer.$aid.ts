/** PATCH /answer/editAnswer/:aid {text} → the edited answer (author only). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { editAnswer } from '@fso/core';
import { editAnswerBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireId, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, 'PATCH');
  const actor = await requireApiUser(request, context);
  const id = requireId(params.aid);
  const body = await readJson(request, editAnswerBodySchema);
  return respond(await editAnswer(context.ports, callerOf(context, actor), id, body.text), (a) => a);
}
