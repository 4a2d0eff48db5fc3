/** POST /question/acceptAnswer {qid, aid} → {qid, acceptedAnswer}; the same answer again un-accepts it. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { acceptAnswerBodySchema } from '@fso/shared';
import { acceptAnswer } from '~/services/accept.server.ts';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, acceptAnswerBodySchema);
  return respond(await acceptAnswer(context, actor, { questionId: Number(body.qid), answerId: Number(body.aid) }), (v) => v);
}
