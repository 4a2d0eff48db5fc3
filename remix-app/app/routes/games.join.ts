/** POST /games/join {gameID, playerID} → the game; playerID must be the signed-in user. */
import { joinGame } from '@fso/core';
import { seatAction } from '~/services/games.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export const action = seatAction(joinGame);
