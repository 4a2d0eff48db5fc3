/**
 * Every game type's screen in one table, keyed by its name, as game-engine's GAMES holds its
 * rules: a game's screen is a folder here (its panel, its rules, its form's fields, its CSS
 * imported by styles/games.css) plus one entry below, which TypeScript demands of every type.
 */
import type { GameType, GameView } from '@fso/game-engine';
import { battleshipScreen } from './battleship/battleship-screen.ts';
import type { GameScreen, ViewStateOf } from './game-screen.ts';
import { nimScreen } from './nim/nim-screen.ts';

export const GAME_SCREENS: { [T in GameType]: GameScreen<ViewStateOf<T>> } = {
  Nim: nimScreen,
  Battleship: battleshipScreen,
};

/**
 * The screen of `type`, over any game's view (each view carries its type, so the pairing holds);
 * none for a type this build does not know (SPEC §8: "Unknown game type").
 */
export const screenOf = (type: GameType): GameScreen<GameView['state']> | undefined =>
  GAME_SCREENS[type] as unknown as GameScreen<GameView['state']> | undefined;
