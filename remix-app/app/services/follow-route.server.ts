/** The REST follow, watch and ignore paths differ only in whether they start or stop; these are their actions. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { followQuestion, ignoreTag, watchTag } from '@fso/core';
import { followQuestionSchema, watchTagSchema } from '@fso/shared';
import { readJson, requireMethod } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

/** POST /question/followQuestion, unfollowQuestion {qid} → {qid, following}. */
export function followAction(follow: boolean) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, followQuestionSchema);
    return respond(
      await followQuestion(context.ports, callerOf(context, actor), { questionId: Number(body.qid), follow }),
      (v) => v,
    );
  };
}

/** POST /tag/watchTag, unwatchTag {name} → {name, watching}. */
export function watchAction(watch: boolean) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, watchTagSchema);
    return respond(await watchTag(context.ports, callerOf(context, actor), { name: body.name, watch }), (v) => v);
  };
}

/** POST /tag/ignoreTag, unignoreTag {name} → {name, ignoring}. */
export function ignoreAction(ignore: boolean) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, watchTagSchema);
    return respond(await ignoreTag(context.ports, callerOf(context, actor), { name: body.name, ignore }), (v) => v);
  };
}
