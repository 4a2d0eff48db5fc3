/** The question page's Follow button (POST `on`=1|0, a form): follows or unfollows, then back to the question. */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { followQuestion } from '@fso/core';
import { formFields } from '~/services/forms.server.ts';
import { requireId } from '~/services/http.server.ts';
import { failureResponse } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireId(params.qid);
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  const outcome = await followQuestion(context.ports, callerOf(context, actor), {
    questionId: id,
    follow: fields.on === '1',
  });
  return outcome.ok ? redirect(`/question/${id}`) : failureResponse(outcome);
}
