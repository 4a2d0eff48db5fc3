/**
 * Remix's side of the games: the game use cases' ports from the load context, creating a game
 * (rate limited), the REST action shared by join and leave, and the move a game screen's form
 * posts (Nim `numObjects`; Battleship `cell` as "x,y"). Core's results become Remix outcomes.
 */
import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { createGame, type GamePorts, type SeatChange } from '@fso/core';
import { gameSeatSchema, type Game, type GameType } from '@fso/shared';
import { readJson, requireMethod } from './http.server.ts';
import { overLimit } from './rate-limit.server.ts';
import { outcomeOf, respond, type Outcome } from './respond.server.ts';
import { requireApiUser, type SessionUser } from './session.server.ts';

export const gameDeps = (context: AppLoadContext): GamePorts => ({ db: context.database.db, events: context.events });

/** A new game with `actor` in the first seat, within the game-creation rate limit. */
export async function createGameAs(context: AppLoadContext, actor: SessionUser, gameType: GameType): Promise<Outcome<Game>> {
  return (await overLimit(context, 'gameCreate', { userId: actor.userId })) ?? outcomeOf(await createGame(gameDeps(context), actor.username, gameType));
}

/** POST {gameID, playerID} → the game after `change`; playerID must be the signed-in user. */
export const seatAction =
  (change: SeatChange) =>
  async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, 'POST');
    const actor = await requireApiUser(request, context);
    const body = await readJson(request, gameSeatSchema);
    return respond(outcomeOf(await change(gameDeps(context), actor.username, body)), (game) => game);
  };

export function moveFromForm(fields: Record<string, string | undefined>): unknown {
  if (fields.cell === undefined) return { numObjects: fields.numObjects };
  const [x, y] = fields.cell.split(',');
  return { x, y };
}
