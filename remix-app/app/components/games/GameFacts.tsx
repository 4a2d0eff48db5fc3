/**
 * What every game screen states (SPEC §2, §4): type, status in words, rules (from the game's
 * screen), each seat's player, mover, and once the game is over its winner ("Winner: alice";
 * "No winner" when it ended with none) and, to each player, "You won" or "You lost". While it is played no winner line shows
 * (issue 42: "No winner" read as a result; decision record 0084). When a player left a game
 * being played, everyone is told who ("alice left the game"), not just who won.
 */
import { moverOf } from '@fso/game-engine';
import type { Game } from '@fso/shared';
import { screenOf } from './screens.ts';
import { STATUS_LABEL, winnersLine } from './status.ts';

const named = (name: string, viewer: string) => (name === viewer ? `${name} (you)` : name);

export function GameFacts({ game, viewer }: { game: Game; viewer: string }) {
  const { state } = game;
  const mover = moverOf(state);
  const seated = state.player1 === viewer || state.player2 === viewer;
  return (
    <>
      {state.status === 'OVER' && seated ? (
        <p
          className={state.winners.includes(viewer) ? 'game-outcome won' : 'game-outcome lost'}
          role="status"
          data-testid="game-outcome"
        >
          {state.leftBy && state.leftBy !== viewer ? `${state.leftBy} left the game. ` : null}
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
        <dt>Player 1</dt>
        <dd data-testid="player-1">{state.player1 ? named(state.player1, viewer) : '—'}</dd>
        <dt>Player 2</dt>
        <dd data-testid="player-2">{state.player2 ? named(state.player2, viewer) : 'Waiting for a player'}</dd>
        <dt>Current turn</dt>
        <dd data-testid="current-mover">
          {mover ? named(mover, viewer) : state.status === 'WAITING_TO_START' ? 'Waiting for a second player' : '—'}
        </dd>
      </dl>
      <p className="rules">
        <strong>Rules:</strong> {screenOf(game.gameType)?.rules}
      </p>
      {state.status === 'OVER' ? (
        <p className="winners" data-testid="winners">
          {winnersLine(state.winners)}
          {state.leftBy ? <span className="muted"> ({state.leftBy} left the game)</span> : null}
        </p>
      ) : null}
    </>
  );
}
