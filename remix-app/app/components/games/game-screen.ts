/**
 * What one game type brings to the game screen (SPEC §2): its panel (its board, its move form,
 * its moves so far), its rules as the facts state them, and how its move form's fields, posted
 * without JavaScript, become a move. Each game's screen is a folder here; screens.ts lists them.
 */
import type { ReactNode } from 'react';
import type { GameMove, GameView } from '@fso/game-engine';

export interface PanelProps<State> {
  state: State;
  viewer: string;
  version: number;
  myTurn: boolean;
  /** Sends the move over the socket; false when there is none, and the form posts instead. */
  sendMove: (move: GameMove) => boolean;
}

export interface GameScreen<State> {
  Panel: (props: PanelProps<State>) => ReactNode;
  rules: string;
  /** The move's fields this game's form posts, read from a posted form; none when they are absent. */
  moveFromForm: (fields: Readonly<Record<string, string | undefined>>) => Record<string, unknown>;
}

/** The state of a game of type `T` as one viewer may see it. */
export type ViewStateOf<T extends GameView['gameType']> = Extract<GameView, { gameType: T }>['state'];
