/**
 * POST /user/deleteSpammer {username} → {username, removed, total, done}: a moderator closes the
 * account at once (its sessions and sockets end) and its posts, comments, chat messages and
 * votes are removed in the background; progress reaches the moderator live and on /review.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { deleteSpammer } from '@fso/core';
import { deleteSpammerBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, deleteSpammerBodySchema);
  return respond(await deleteSpammer(context.ports, callerOf(context, actor), body), (v) => v);
}
