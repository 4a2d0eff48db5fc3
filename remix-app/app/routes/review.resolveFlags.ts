/**
 * POST /review/resolveFlags {id, type, decision: 'delete'|'dismiss'} → {type, id, decision}:
 * a moderator deletes a post waiting for review (a spam or rude one costs its author 100
 * reputation) or dismisses its flags (the post is shown again; a held post is approved).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { resolveFlags } from '@fso/core';
import { resolveFlagsBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, resolveFlagsBodySchema);
  return respond(
    await resolveFlags(context.ports, callerOf(context, actor), { ...body, id: Number(body.id) }),
    (v) => v,
  );
}
