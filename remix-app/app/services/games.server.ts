/**
 * Remix's side of the games: creating a game (rate limited), the REST action shared by join and
 * leave, and the move a game screen's form posts (Nim `numObjects`; Battleship `cell` as "x,y").
 */
import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { createGame, type Result, type SeatChange } from '@fso/core';
import { gameSeatSchema, type Game, type GameType } from '@fso/shared';
import { readJson, requireMethod } from './http.server.ts';
import { respond } from './respond.server.ts';
import { callerOf, requireApiUser, type SessionUser } from './session.server.ts';

/** A new game with `actor` in the first seat, within the game-creation rate limit. */
export async function createGameAs(
  context: AppLoadContext,
  actor: SessionUser,
  gameType: GameType,
): Promise<Result<Game>> {
  return (
    (await context.ports.limiter.hit('gameCreate', callerOf(context, actor))) ??
    createGame(context.ports, actor.username, gameType)
  );
}

/** POST {gameID, playerID} → the game after `change`; playerID must be the signed-in user. */
export const seatAction =
  (change: SeatChange) =>
  async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, gameSeatSchema);
    return respond(await change(context.ports, actor.username, body), (game) => game);
  };

export function moveFromForm(fields: Record<string, string | undefined>): unknown {
  if (fields.cell === undefined) return { numObjects: fields.numObjects };
  const [x, y] = fields.cell.split(',');
  return { x, y };
}
