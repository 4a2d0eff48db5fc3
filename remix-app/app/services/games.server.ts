/**
 * Remix's side of the games: the REST action shared by join and leave, and the move a game
 * screen's form posts (Nim `numObjects`; Battleship `cell` as "x,y").
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import type { SeatChange } from '@fso/core';
import { gameSeatSchema } from '@fso/shared';
import { readJson, requireMethod } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser } from './session.server.ts';

/** POST {gameID, playerID} → the game after `change`; playerID must be the signed-in user. */
export const seatAction =
  (change: SeatChange) =>
  async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, gameSeatSchema);
    return respond(await change(context.ports, callerOf(context, actor), body), (game) => game);
  };

export function moveFromForm(fields: Record<string, string | undefined>): unknown {
  if (fields.cell === undefined) return { numObjects: fields.numObjects };
  const [x, y] = fields.cell.split(',');
  return { x, y };
}
