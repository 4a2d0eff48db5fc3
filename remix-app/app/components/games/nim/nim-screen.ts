/** Nim on the game screen: its panel, its rules, and its form's one field, the number of objects to take. */
import { NIM_MAX_TAKE, NIM_PILE, type NimStateView } from '@fso/game-engine';
import type { GameScreen } from '../game-screen.ts';
import { NimPanel } from './NimPanel.tsx';

export const nimScreen: GameScreen<NimStateView> = {
  Panel: NimPanel,
  rules: `Players take turns removing 1 to ${NIM_MAX_TAKE} objects from a pile of ${NIM_PILE}. Whoever takes the last object loses.`,
  moveFromForm: ({ numObjects }) => (numObjects === undefined ? {} : { numObjects }),
};
