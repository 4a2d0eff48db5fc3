/** POST /games/create {gameType} → the new game, its creator in the first seat. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { createGameSchema } from '@fso/shared';
import { createGameAs } from '~/services/games.server.ts';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, createGameSchema);
  return respond(await createGameAs(context, actor, body.gameType), (game) => game);
}
