/**
 * Nim (DESIGN "Games"): one pile of 21; players alternate removing 1 to 3 objects; misère —
 * the player who takes the last object loses. Nothing is hidden, so every viewer sees it all.
 */
import { numberField } from '../move-fields.ts';
import { joinSeat, leaveSeat, opponentOf, turnError, withMove } from '../seats.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { Seats } from '../types.ts';

export const NIM_PILE = 21;
export const NIM_MAX_TAKE = 3;

export const NIM_ERRORS = {
  shape: 'Invalid move: a Nim move is a number of objects.',
  range: 'Invalid move: must remove between 1 and 3 objects',
  tooMany: 'Invalid move: cannot remove more objects than are left',
} as const;

export interface NimMove {
  numObjects: number;
}

export interface NimState extends Seats<NimMove> {
  gameType: 'Nim';
  remainingObjects: number;
}

/** SPEC §3 Nim state. */
export type NimStateView = Omit<NimState, 'gameType'>;

export function setup(): NimState {
  return {
    gameType: 'Nim',
    status: 'WAITING_TO_START',
    player1: null,
    player2: null,
    moves: [],
    winners: [],
    remainingObjects: NIM_PILE,
  };
}

/** A move from outside input's fields (a form's text or a socket's numbers); its legality is applyMove's. */
export function parseMove(fields: Readonly<Record<string, unknown>>): Result<NimMove> {
  const numObjects = numberField(fields.numObjects);
  return numObjects === null ? fail('invalid', NIM_ERRORS.shape) : succeed({ numObjects });
}

export const join = (state: NimState, player: string): Result<NimState> => joinSeat(state, player, (s) => s);

export const leave = (state: NimState, player: string): Result<NimState> => leaveSeat(state, player);

export function applyMove(state: NimState, player: string, move: NimMove): Result<NimState> {
  const notYours = turnError(state, player);
  if (notYours) return fail('invalid', notYours);
  const n = move.numObjects;
  if (!Number.isInteger(n) || n < 1 || n > NIM_MAX_TAKE) return fail('invalid', NIM_ERRORS.range);
  if (n > state.remainingObjects) return fail('invalid', NIM_ERRORS.tooMany);
  const remainingObjects = state.remainingObjects - n;
  const next: NimState = { ...state, remainingObjects, moves: withMove(state.moves, player, { numObjects: n }) };
  if (remainingObjects > 0) return succeed(next);
  const winner = opponentOf(state, player);
  return succeed({ ...next, status: 'OVER', winners: winner ? [winner] : [] });
}

export function view(state: NimState): NimStateView {
  const { gameType: _type, ...rest } = state;
  return rest;
}
