/** The two REST vote paths differ only in the vote's sign; this is their one action. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { MSG, voteBodySchema } from '@fso/shared';
import { readJson, requireMethod, textError } from './http.server.ts';
import { vote } from './questions.server.ts';
import { respond } from './respond.server.ts';
import { claimsActor, requireApiUser } from './session.server.ts';

export function voteAction(value: 1 | -1) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, voteBodySchema);
    if (!claimsActor(actor, body.username)) return textError(403, MSG.notAllowed);
    return respond(await vote(context, actor, Number(body.qid), value), (v) => v);
  };
}
