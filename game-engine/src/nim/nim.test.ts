import { describe, expect, it } from 'vitest';
import { fail, type Result } from '../result.ts';
import { MOVE_ERRORS, SEAT_ERRORS } from '../seats.ts';
import { applyMove, join, leave, NIM_ERRORS, parseMove, setup, view, type NimState } from './nim.ts';

const must = <S>(r: Result<S>): S => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

/** Ann (player1) and Bob (player2), game in progress. */
const started = (): NimState => must(join(must(join(setup(), 'ann')), 'bob'));

const play = (state: NimState, ...takes: number[]) =>
  takes.reduce((s, n, i) => must(applyMove(s, i % 2 === 0 ? 'ann' : 'bob', { numObjects: n })), state);

describe('Nim', () => {
  it('starts with one pile of 21, waiting; the first joiner is player1 and the second starts the game', () => {
    const waiting = must(join(setup(), 'ann'));
    expect(waiting).toMatchObject({
      status: 'WAITING_TO_START',
      player1: 'ann',
      player2: null,
      remainingObjects: 21,
      moves: [],
      winners: [],
    });
    expect(started()).toMatchObject({ status: 'IN_PROGRESS', player1: 'ann', player2: 'bob' });
  });

  it('refuses moves before the start, from the wrong player, and after the end', () => {
    expect(applyMove(must(join(setup(), 'ann')), 'ann', { numObjects: 1 })).toEqual(
      fail('invalid', MOVE_ERRORS.notInProgress),
    );
    expect(applyMove(started(), 'bob', { numObjects: 1 })).toEqual(fail('invalid', MOVE_ERRORS.wrongPlayer));
    expect(applyMove(started(), 'eve', { numObjects: 1 })).toEqual(fail('invalid', MOVE_ERRORS.wrongPlayer));
    const over = must(leave(started(), 'bob'));
    expect(applyMove(over, 'ann', { numObjects: 1 })).toEqual(fail('invalid', MOVE_ERRORS.notInProgress));
  });

  it('reads a move from a socket’s number or a form’s text, keeping only numObjects', () => {
    expect(parseMove({ numObjects: 2 })).toEqual({ ok: true, value: { numObjects: 2 } });
    expect(parseMove({ numObjects: ' 3 ', x: 1 })).toEqual({ ok: true, value: { numObjects: 3 } });
    // Any number reads: whether it is legal is applyMove's answer (NIM_ERRORS.range).
    expect(parseMove({ numObjects: '7' })).toEqual({ ok: true, value: { numObjects: 7 } });
    for (const numObjects of [undefined, '', 'two', null, [2]])
      expect(parseMove({ numObjects })).toEqual(fail('invalid', NIM_ERRORS.shape));
    expect(parseMove({ x: 1, y: 2 })).toEqual(fail('invalid', 'Invalid move: a Nim move is a number of objects.'));
  });

  it('takes only 1 to 3 whole objects, and never more than are left', () => {
    for (const n of [0, 4, -1, 1.5, Number.NaN])
      expect(applyMove(started(), 'ann', { numObjects: n })).toEqual(fail('invalid', NIM_ERRORS.range));
    const two = play(started(), 3, 3, 3, 3, 3, 3, 1);
    expect(two.remainingObjects).toBe(0 + 21 - 19);
    expect(applyMove(two, 'bob', { numObjects: 3 })).toEqual(fail('invalid', NIM_ERRORS.tooMany));
  });

  it('alternates turns and logs each move', () => {
    const s = play(started(), 2, 3);
    expect(s.remainingObjects).toBe(16);
    expect(s.moves).toEqual([
      { playerID: 'ann', move: { numObjects: 2 } },
      { playerID: 'bob', move: { numObjects: 3 } },
    ]);
  });

  it('misère: whoever takes the last object loses', () => {
    const end = play(started(), 3, 3, 3, 3, 3, 3, 2, 1);
    expect(end).toMatchObject({ remainingObjects: 0, status: 'OVER', winners: ['ann'] });
  });

  it('leaving hands the win to the opponent; leaving before the start cancels the game', () => {
    // The opponent is told who left (issue 42); a game nobody joined is cancelled, to be removed.
    expect(must(leave(play(started(), 1), 'ann'))).toMatchObject({ status: 'OVER', winners: ['bob'], leftBy: 'ann' });
    expect(must(leave(must(join(setup(), 'ann')), 'ann'))).toMatchObject({
      status: 'OVER',
      winners: [],
      cancelled: true,
    });
    expect(must(leave(must(join(setup(), 'ann')), 'ann'))).not.toHaveProperty('leftBy');
    expect(leave(started(), 'eve')).toEqual(fail('conflict', SEAT_ERRORS.notPlayer));
    expect(leave(must(leave(started(), 'ann')), 'bob')).toEqual(fail('conflict', SEAT_ERRORS.over));
  });

  it('lets no third player in, and a seated player joining again changes nothing', () => {
    expect(join(started(), 'eve')).toEqual(fail('conflict', SEAT_ERRORS.full));
    const s = started();
    expect(must(join(s, 'ann'))).toBe(s);
    expect(join(must(leave(started(), 'ann')), 'eve')).toEqual(fail('conflict', SEAT_ERRORS.over));
  });

  it('shows everyone the whole state in the SPEC shape', () => {
    expect(view(started())).toEqual({
      status: 'IN_PROGRESS',
      player1: 'ann',
      player2: 'bob',
      moves: [],
      winners: [],
      remainingObjects: 21,
    });
  });
});
