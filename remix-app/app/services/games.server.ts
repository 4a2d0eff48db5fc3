/**
 * Remix's side of the games: the REST action shared by join and leave, and the move a game
 * screen's form posts, read by the game's screen (Nim `numObjects`; Battleship `cell` as "x,y").
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import type { SeatChange } from '@fso/core';
import { gameSeatSchema, type GameType } from '@fso/shared';
import { screenOf } from '~/components/games/screens.ts';
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

/** A posted move form's fields as a move of `gameType`, as its screen's form names them; the game's rules then read it. */
export const moveFromForm = (gameType: GameType, fields: Record<string, string | undefined>): Record<string, unknown> =>
  screenOf(gameType)?.moveFromForm(fields) ?? {};
