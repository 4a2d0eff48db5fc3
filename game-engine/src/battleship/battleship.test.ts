import { describe, expect, it } from 'vitest';
import { fail, type Result } from '../result.ts';
import { createRng } from '../random.ts';
import { MOVE_ERRORS } from '../seats.ts';
import {
  applyMove,
  BATTLESHIP_ERRORS,
  join,
  leave,
  parseMove,
  setup,
  view,
  type BattleshipState,
} from './battleship.ts';
import { BOARD_SIZE, FLEET, type Board, type Cell } from './fleet.ts';

const must = <S>(r: Result<S>): S => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

const started = (seed = 42): BattleshipState => {
  const rng = createRng(seed);
  return must(join(must(join(setup(), 'ann', rng)), 'bob', rng));
};

const cells = (board: Board, kind: Cell) =>
  board.flatMap((row, y) => row.flatMap((c, x) => (c === kind ? [{ x, y }] : [])));
const shipCount = FLEET.reduce((a, b) => a + b, 0);

describe('Battleship', () => {
  it('has empty 10 x 10 boards until the second player joins, then both fleets placed', () => {
    const waiting = must(join(setup(), 'ann', createRng(7)));
    expect(waiting.player1Board).toHaveLength(BOARD_SIZE);
    expect(cells(waiting.player1Board, 'SHIP')).toHaveLength(0);
    const s = started(7);
    expect(s.status).toBe('IN_PROGRESS');
    expect(cells(s.player1Board, 'SHIP')).toHaveLength(shipCount);
    expect(cells(s.player2Board, 'SHIP')).toHaveLength(shipCount);
    expect(s.player1Board.every((row) => row.length === BOARD_SIZE)).toBe(true);
  });

  it('places the fleets from the random source it is given, replayable with a seeded one', () => {
    expect(started(99).player1Board).toEqual(started(99).player1Board);
    expect(started(99).player1Board).not.toEqual(started(100).player1Board);
  });

  it('stores nothing a fleet could be computed from, and shows no seed of rows stored before', () => {
    const s = started();
    // The ships are each fleet's own placement (for "sunk"), no seed: they tell nothing of the other.
    expect(Object.keys(s).sort()).toEqual([
      'gameType',
      'moves',
      'player1',
      'player1Board',
      'player1Ships',
      'player2',
      'player2Board',
      'player2Ships',
      'status',
      'winners',
    ]);
    const legacy = { ...s, seed: 42 } as BattleshipState;
    expect(view(legacy, 'ann')).not.toHaveProperty('seed');
  });

  it('marks a shot as HIT_SHIP or HIT_EMPTY on the opponent board and alternates turns', () => {
    const s = started();
    const ship = cells(s.player2Board, 'SHIP')[0]!;
    const water = cells(s.player1Board, null)[0]!;
    const afterHit = must(applyMove(s, 'ann', ship));
    expect(afterHit.player2Board[ship.y]![ship.x]).toBe('HIT_SHIP');
    expect(applyMove(afterHit, 'ann', { x: 0, y: 0 })).toEqual(fail('invalid', MOVE_ERRORS.wrongPlayer));
    const afterMiss = must(applyMove(afterHit, 'bob', water));
    expect(afterMiss.player1Board[water.y]![water.x]).toBe('HIT_EMPTY');
    expect(afterMiss.moves).toEqual([
      { playerID: 'ann', move: ship },
      { playerID: 'bob', move: water },
    ]);
  });

  it('reads a shot from a socket’s numbers or a form’s texts, keeping only x and y', () => {
    expect(parseMove({ x: 0, y: 9 })).toEqual({ ok: true, value: { x: 0, y: 9 } });
    expect(parseMove({ x: '3', y: '4', numObjects: 1 })).toEqual({ ok: true, value: { x: 3, y: 4 } });
    // Any numbers read: whether the cell is on the board is applyMove's answer (BATTLESHIP_ERRORS.outside).
    expect(parseMove({ x: -1, y: 1.5 })).toEqual({ ok: true, value: { x: -1, y: 1.5 } });
    for (const fields of [{ x: 1 }, { y: 1 }, { x: '', y: 1 }, { x: 'A', y: '1' }, { numObjects: 2 }])
      expect(parseMove(fields)).toEqual(fail('invalid', BATTLESHIP_ERRORS.shape));
    expect(parseMove({})).toEqual(fail('invalid', 'Invalid move: a Battleship move is a cell with numbers x and y.'));
  });

  it('refuses shots outside the board, repeated shots, and shots before the start', () => {
    const s = started();
    for (const bad of [
      { x: -1, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
      { x: 1.5, y: 2 },
    ]) {
      expect(applyMove(s, 'ann', bad)).toEqual(fail('invalid', BATTLESHIP_ERRORS.outside));
    }
    const shot = must(applyMove(must(applyMove(s, 'ann', { x: 3, y: 3 })), 'bob', { x: 0, y: 0 }));
    expect(applyMove(shot, 'ann', { x: 3, y: 3 })).toEqual(fail('invalid', BATTLESHIP_ERRORS.repeated));
    expect(applyMove(must(join(setup(), 'ann', createRng(1))), 'ann', { x: 0, y: 0 })).toEqual(
      fail('invalid', MOVE_ERRORS.notInProgress),
    );
  });

  it('ends when every cell of the other fleet is hit, with the shooter as winner', () => {
    let s = started();
    const targets = cells(s.player2Board, 'SHIP');
    const misses = cells(s.player1Board, null);
    targets.forEach((t, i) => {
      s = must(applyMove(s, 'ann', t));
      if (i < targets.length - 1) s = must(applyMove(s, 'bob', misses[i]!));
    });
    expect(s).toMatchObject({ status: 'OVER', winners: ['ann'] });
    expect(applyMove(s, 'bob', misses[targets.length]!)).toEqual(fail('invalid', MOVE_ERRORS.notInProgress));
  });

  it('leaving during play hands the win to the opponent, saying who left', () => {
    expect(must(leave(started(), 'bob'))).toMatchObject({ status: 'OVER', winners: ['ann'], leftBy: 'bob' });
    expect(view(must(leave(started(), 'bob')), 'ann')).toMatchObject({ leftBy: 'bob' });
  });

  it('says "sunk" with the length when a shot hits the last afloat cell of a ship (issue 42)', () => {
    let s = started();
    const ship = s.player2Ships!.find((x) => x.length === 2)!;
    const misses = cells(s.player1Board, null);
    s = must(applyMove(s, 'ann', ship[0]!));
    expect(s.moves.at(-1)).toEqual({ playerID: 'ann', move: ship[0] });
    s = must(applyMove(s, 'bob', misses[0]!));
    expect(s.moves.at(-1)).not.toHaveProperty('sunk');
    s = must(applyMove(s, 'ann', ship[1]!));
    expect(s.moves.at(-1)).toEqual({ playerID: 'ann', move: ship[1], sunk: 2 });
  });

  it('shows both fleets once the game is over, and never the kept ships', () => {
    const over = must(leave(started(), 'bob'));
    for (const viewer of ['ann', 'bob', 'eve', null]) {
      const seen = view(over, viewer);
      expect(cells(seen.player1Board, 'SHIP')).toHaveLength(shipCount);
      expect(cells(seen.player2Board, 'SHIP')).toHaveLength(shipCount);
      expect(seen).not.toHaveProperty('player1Ships');
      expect(seen).not.toHaveProperty('player2Ships');
    }
    expect(view(started(), 'ann')).not.toHaveProperty('player2Ships');
  });

  it('shows each player their own ships and only hits on the other board; watchers see hits only; never the seed', () => {
    let s = started();
    const bobShip = cells(s.player2Board, 'SHIP')[0]!;
    s = must(applyMove(s, 'ann', bobShip));
    const annView = view(s, 'ann');
    expect(annView).not.toHaveProperty('seed');
    expect(cells(annView.player1Board, 'SHIP')).toHaveLength(shipCount);
    expect(cells(annView.player2Board, 'SHIP')).toHaveLength(0);
    expect(cells(annView.player2Board, 'HIT_SHIP')).toEqual([bobShip]);
    const bobView = view(s, 'bob');
    expect(cells(bobView.player1Board, 'SHIP')).toHaveLength(0);
    expect(cells(bobView.player2Board, 'SHIP')).toHaveLength(shipCount - 1);
    for (const watcher of ['eve', null]) {
      const w = view(s, watcher);
      expect(JSON.stringify(w)).not.toContain('"SHIP"');
      expect(cells(w.player2Board, 'HIT_SHIP')).toEqual([bobShip]);
    }
  });
});
