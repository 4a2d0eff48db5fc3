/**
 * What every game screen states (SPEC §2, §4): type, status in words, rules, players, mover,
 * winners, and once the game is over, to each player, "You won" or "You lost".
 */
import { BOARD_SIZE, FLEET, moverOf, NIM_MAX_TAKE, NIM_PILE } from '@fso/game-engine';
import { MSG, type Game, type GameType } from '@fso/shared';
import { STATUS_LABEL } from './status.ts';

const RULES: Record<GameType, string> = {
  Nim: `Players take turns removing 1 to ${NIM_MAX_TAKE} objects from a pile of ${NIM_PILE}. Whoever takes the last object loses.`,
  Battleship: `Each player has a fleet of ${FLEET.length} ships (${FLEET.slice(0, -1).join(', ')} and ${FLEET.at(-1)} cells) placed at random on a ${BOARD_SIZE} × ${BOARD_SIZE} board. Players take turns firing one shot at a cell of the other board. The first to hit every cell of the other fleet wins.`,
};

const named = (name: string, viewer: string) => (name === viewer ? `${name} (you)` : name);

export function GameFacts({ game, viewer }: { game: Game; viewer: string }) {
  const { state } = game;
  const mover = moverOf(state);
  const seats = [state.player1, state.player2]
    .map((p, i) => (p ? `${named(p, viewer)} (player ${i + 1})` : null))
    .filter(Boolean);
  const seated = state.player1 === viewer || state.player2 === viewer;
  return (
    <>
      {state.status === 'OVER' && seated ? (
        <p
          className={state.winners.includes(viewer) ? 'game-outcome won' : 'game-outcome lost'}
          role="status"
          data-testid="game-outcome"
        >
          {state.winners.includes(viewer) ? 'You won' : 'You lost'}
        </p>
      ) : null}
      <dl className="game-facts">
        <dt>Game type</dt>
        <dd>{game.gameType}</dd>
        <dt>Status</dt>
        <dd data-testid="game-status" data-status={state.status}>
          {STATUS_LABEL[state.status]}
        </dd>
        <dt>Players</dt>
        <dd>{seats.join(', ') || '—'}</dd>
        <dt>Current turn</dt>
        <dd data-testid="current-mover">
          {mover ? named(mover, viewer) : state.status === 'WAITING_TO_START' ? 'Waiting for a second player' : '—'}
        </dd>
      </dl>
      <p className="rules">
        <strong>Rules:</strong> {RULES[game.gameType]}
      </p>
      <p className="winners" data-testid="winners">
        {state.status === 'OVER' && state.winners.length > 0 ? `Winners: ${state.winners.join(', ')}` : MSG.noWinner}
      </p>
    </>
  );
}
