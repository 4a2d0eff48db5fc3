/** The registry: every game type has rules, and the dispatching functions reach the right ones. */
import { describe, expect, it } from 'vitest';
import { applyMove, GAMES, GAME_TYPES, joinGame, parseMove, setupGame, viewGame } from './index.ts';
import { createRng } from './random.ts';

const rng = createRng(1);

describe('the game registry', () => {
  it('has the rules of every game type, each setting up a game of its own type', () => {
    expect(Object.keys(GAMES).sort()).toEqual([...GAME_TYPES].sort());
    for (const type of GAME_TYPES) expect(GAMES[type].setup().gameType).toBe(type);
  });

  it('reads each game type’s move by its own rules', () => {
    expect(parseMove('Battleship', { x: '1', y: '2' })).toEqual({ ok: true, value: { x: 1, y: 2 } });
    expect(parseMove('Nim', { x: '1', y: '2' })).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('dispatches a whole Nim game through the engine functions by the state’s type', () => {
    let state = setupGame('Nim');
    for (const player of ['ann', 'bob']) {
      const joined = joinGame(state, player, rng);
      if (!joined.ok) throw new Error(joined.message);
      state = joined.value;
    }
    const move = parseMove('Nim', { numObjects: '3' });
    if (!move.ok) throw new Error(move.message);
    const moved = applyMove(state, 'ann', move.value);
    expect(moved.ok && viewGame(moved.value, 'bob')).toMatchObject({
      gameType: 'Nim',
      players: ['ann', 'bob'],
      state: { remainingObjects: 18 },
    });
  });
});
