/** Game statuses and results in words for the screens; the codes (SPEC §4) stay in payloads and data attributes. */
import { MSG, type GameStatus } from '@fso/shared';

export const STATUS_LABEL: Record<GameStatus, string> = {
  WAITING_TO_START: 'Waiting for a player',
  IN_PROGRESS: 'In progress',
  OVER: 'Game over',
};

/** A finished game's result: "Winner: alice", "Winners: alice, bob", or SPEC §4's "No winner". */
export const winnersLine = (winners: string[]) =>
  winners.length === 0 ? MSG.noWinner : `${winners.length === 1 ? 'Winner' : 'Winners'}: ${winners.join(', ')}`;
