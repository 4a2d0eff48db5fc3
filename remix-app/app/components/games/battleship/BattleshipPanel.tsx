/**
 * Battleship's part of the game screen: your board with your ships, the opponent's board with
 * only the hits (a watcher sees both boards, hits only). On your turn you pick an unshot cell
 * of the opponent's board (radio buttons, so it works without JavaScript) and submit; the
 * selection resets after each submitted move. Watchers and finished games get no controls;
 * the shots so far are listed under the boards, a sinking one saying so; once the game is over
 * both fleets are shown.
 */
import { useState } from 'react';
import { Form } from '@remix-run/react';
import { BOARD_SIZE, type BattleshipStateView, type Board, type Cell } from '@fso/game-engine';
import type { PanelProps } from '../game-screen.ts';
import { MoveHistory } from '../MoveHistory.tsx';

const COLUMNS = Array.from({ length: BOARD_SIZE }, (_, i) => String.fromCharCode(65 + i));
const cellName = (x: number, y: number) => `${COLUMNS[x]}${y + 1}`;

const MARK: Record<Exclude<Cell, null>, { symbol: string; label: string }> = {
  SHIP: { symbol: '■', label: 'ship' },
  HIT_EMPTY: { symbol: '✕', label: 'miss' },
  HIT_SHIP: { symbol: '✹', label: 'hit' },
};

interface Picking {
  selected: string | null;
  onSelect: (key: string) => void;
  enabled: boolean;
}

function BoardGrid({ board, title, picking }: { board: Board; title: string; picking?: Picking }) {
  return (
    <table className="board">
      <caption>{title}</caption>
      <thead>
        <tr>
          <td />
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {board.map((row, y) => (
          <tr key={y}>
            <th scope="row">{y + 1}</th>
            {row.map((cell, x) => {
              const key = `${x},${y}`;
              if (cell === null && picking)
                return (
                  <td key={key} className="cell open">
                    <input
                      type="radio"
                      name="cell"
                      value={key}
                      required
                      aria-label={cellName(x, y)}
                      disabled={!picking.enabled}
                      checked={picking.selected === key}
                      onChange={() => picking.onSelect(key)}
                    />
                  </td>
                );
              const mark = cell ? MARK[cell] : null;
              return (
                <td
                  key={key}
                  className={`cell ${mark?.label ?? 'water'}`}
                  title={mark ? `${cellName(x, y)}: ${mark.label}` : undefined}
                >
                  {mark?.symbol}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BattleshipPanel({ state, viewer, version, myTurn, sendMove }: PanelProps<BattleshipStateView>) {
  const [selected, setSelected] = useState<string | null>(null);
  const seat = state.player1 === viewer ? 1 : state.player2 === viewer ? 2 : null;
  // A shot by player 1 lands on player 2's board and the other way round.
  const shot = ({ x, y }: { x: number; y: number }, by: string, sunk: number | undefined) => {
    const cell = (by === state.player1 ? state.player2Board : state.player1Board)[y]?.[x];
    const result = sunk
      ? `: hit and sunk a ship of ${sunk}`
      : cell === 'HIT_SHIP'
        ? ': hit'
        : cell === 'HIT_EMPTY'
          ? ': miss'
          : '';
    return `fired at ${cellName(x, y)}${result}`;
  };
  const history = (
    <MoveHistory
      moves={state.moves.map((m) => ({ playerID: m.playerID, move: shot(m.move, m.playerID, m.sunk) }))}
      viewer={viewer}
      describe={(text) => text}
    />
  );
  const [own, other] = seat === 2 ? [state.player2Board, state.player1Board] : [state.player1Board, state.player2Board];
  if (seat === null || state.status !== 'IN_PROGRESS') {
    const boards: [Board, string][] =
      seat === null
        ? [
            [own, `${state.player1 ?? 'Player 1'}'s board`],
            [other, `${state.player2 ?? 'Player 2'}'s board`],
          ]
        : [
            [own, 'Your board'],
            [other, "Opponent's board"],
          ];
    return (
      <>
        <div className="boards">
          {boards.map(([board, title]) => (
            <BoardGrid key={title} board={board} title={title} />
          ))}
        </div>
        {history}
      </>
    );
  }
  return (
    <Form
      method="post"
      className="battleship"
      onSubmit={(e) => {
        if (!selected) return;
        const [x, y] = selected.split(',').map(Number);
        if (sendMove({ x: x!, y: y! })) {
          e.preventDefault();
          setSelected(null);
        }
      }}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="version" value={version} />
      <div className="boards">
        <BoardGrid board={own} title="Your board" />
        <BoardGrid
          board={other}
          title="Opponent's board"
          picking={{ selected, onSelect: setSelected, enabled: myTurn }}
        />
      </div>
      <button type="submit" className="primary" disabled={!myTurn}>
        Submit Move
      </button>
      {history}
    </Form>
  );
}
