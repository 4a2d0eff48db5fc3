/**
 * Nim's part of the game screen: the remaining objects (a count and a picture of the pile), the
 * move form for the two players while the game is on, and the moves so far. The number input
 * keeps the last digit typed and turns empty into 1 (SPEC §5); Submit only on your own turn.
 */
import { useState } from 'react';
import { Form } from '@remix-run/react';
import { NIM_MAX_TAKE, type NimStateView } from '@fso/game-engine';
import type { GameMove } from '@fso/shared';
import type { PanelProps } from '../game-screen.ts';
import { MoveHistory } from '../MoveHistory.tsx';
import { NimPile } from './NimPile.tsx';

export function NimPanel({ state, viewer, version, myTurn, sendMove }: PanelProps<NimStateView>) {
  return (
    <div className="nim">
      <p className="nim-pile" data-testid="remaining-objects">
        Remaining objects: {state.remainingObjects}
      </p>
      <NimPile remaining={state.remainingObjects} />
      {state.status === 'IN_PROGRESS' && (state.player1 === viewer || state.player2 === viewer) ? (
        <NimMoveForm version={version} myTurn={myTurn} sendMove={sendMove} />
      ) : null}
      <MoveHistory moves={state.moves} viewer={viewer} describe={(m) => `took ${m.numObjects}`} />
    </div>
  );
}

function NimMoveForm({
  version,
  myTurn,
  sendMove,
}: {
  version: number;
  myTurn: boolean;
  sendMove: (m: GameMove) => boolean;
}) {
  const [count, setCount] = useState(1);
  return (
    <>
      {/* No browser validation: the server's answer to an out-of-range number is shown instead. */}
      <Form
        method="post"
        className="row"
        noValidate
        onSubmit={(e) => {
          if (sendMove({ numObjects: count })) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="version" value={version} />
        <label className="row">
          <span>Objects to remove</span>
          <input
            type="number"
            name="numObjects"
            min={1}
            max={NIM_MAX_TAKE}
            value={count}
            onChange={(e) => {
              const last = e.currentTarget.value.slice(-1);
              setCount(last === '' ? 1 : Number(last));
            }}
          />
        </label>
        <button type="submit" className="primary" disabled={!myTurn}>
          Submit Move
        </button>
      </Form>
    </>
  );
}
