/**
 * How `gameListUpdate` changes the /games list (issue 42): a known game's row is replaced (joined,
 * started, over with its winner); a new game comes first on page 1 and counts in the total; a
 * cancelled game's row goes. Later pages take only replacements and removals.
 */
import type { GameSummary } from '@fso/shared';
import type { Deltas } from './useLive.ts';

export interface GameListView {
  games: GameSummary[];
  total: number;
}

export function gameListDeltas(page: number, pageSize: number): Deltas<GameListView> {
  return {
    gameListUpdate: (view, update) => {
      if ('removed' in update) {
        const games = view.games.filter((g) => g.gameID !== update.removed);
        return { games, total: view.total - (games.length < view.games.length ? 1 : 0) };
      }
      const { game } = update;
      if (view.games.some((g) => g.gameID === game.gameID))
        return { ...view, games: view.games.map((g) => (g.gameID === game.gameID ? game : g)) };
      if (page !== 1) return view;
      return { games: [game, ...view.games].slice(0, pageSize), total: view.total + 1 };
    },
  };
}
