/**
 * POST /flag/addFlag {id, type, reason, text?, duplicateOf?} → {message, hidden}: one flag per
 * user and post (409 again), none on one's own post (403), a daily cap (429); counted before the
 * body is read.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { admit, flagPost } from '@fso/core';
import { addFlagBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { failureResponse, respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const admitted = await admit(context.ports, callerOf(context, actor), 'flag');
  if (!admitted.ok) return failureResponse(admitted);
  const body = await readJson(request, addFlagBodySchema);
  return respond(await flagPost(context.ports, admitted.value, body), (v) => v);
}
