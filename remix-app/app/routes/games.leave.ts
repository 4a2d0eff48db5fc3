/** POST /games/leave {gameID, playerID} → the game; leaving during play hands the win to the opponent. */
import { leaveGame } from '@fso/core';
import { seatAction } from '~/services/games.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export const action = seatAction(leaveGame);
