/** Battleship on the game screen: its panel, its rules, and its form's one field, the picked `cell` as "x,y". */
import { BOARD_SIZE, FLEET, type BattleshipStateView } from '@fso/game-engine';
import type { GameScreen } from '../game-screen.ts';
import { BattleshipPanel } from './BattleshipPanel.tsx';

export const battleshipScreen: GameScreen<BattleshipStateView> = {
  Panel: BattleshipPanel,
  rules: `Each player has a fleet of ${FLEET.length} ships (${FLEET.slice(0, -1).join(', ')} and ${FLEET.at(-1)} cells) placed at random on a ${BOARD_SIZE} × ${BOARD_SIZE} board. Players take turns firing one shot at a cell of the other board. The first to hit every cell of the other fleet wins.`,
  moveFromForm: ({ cell }) => {
    if (cell === undefined) return {};
    const [x, y] = cell.split(',');
    return { x, y };
  },
};
