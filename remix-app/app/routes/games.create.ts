/** POST /games/create {gameType} → the new game, its creator in the first seat (rate limited). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { createGame } from '@fso/core';
import { createGameSchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, createGameSchema);
  return respond(await createGame(context.ports, callerOf(context, actor), body), (game) => game);
}
