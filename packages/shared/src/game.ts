/**
 * Games as REST and sockets carry them (SPEC §3): the engine's per-viewer view plus the id and
 * the version a move must be based on; and the zod schema of every game payload (list filters,
 * create, join/leave, the makeMove event), whose move each game type's rules read (parseMoveOf).
 */
import { z } from 'zod';
import {
  GAME_STATUSES,
  GAME_TYPES,
  parseMove,
  type GameMove,
  type GameType,
  type GameView,
  type Result,
} from '@fso/game-engine';
import { MSG } from './messages.ts';
import { idSchema } from './qa.schemas.ts';
import { parseWith } from './validate.ts';

export type { GameMove, GameStatus, GameType } from '@fso/game-engine';

/** One game as one viewer may see it: never the other player's unhit ships. */
export type Game = GameView & { gameID: string; version: number };

export const gameTypeSchema = z.enum(GAME_TYPES, { error: MSG.invalidGameType });
export const gameStatusSchema = z.enum(GAME_STATUSES, { error: MSG.invalidGameStatus });

// The spec's client sends `?gameType=&status=`: an empty filter is no filter.
const blankIsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

export const gameListQuerySchema = z.object({
  gameType: z.preprocess(blankIsAbsent, gameTypeSchema.optional()),
  status: z.preprocess(blankIsAbsent, gameStatusSchema.optional()),
});

export const createGameSchema = z.object({ gameType: gameTypeSchema });

/** POST /games/join and /games/leave (SPEC §7). */
export const gameSeatSchema = z.object({
  gameID: idSchema,
  playerID: z.string({ error: MSG.playerRequired }).trim().min(1, MSG.playerRequired),
});

/** A move is an object of fields (a form's texts, a socket's numbers); its game's rules read their own. */
const moveFieldsSchema = z.looseObject({});

/** `input` as a move of `gameType`: an object (else the request's message), then the game's own reading of it. */
export function parseMoveOf(gameType: GameType, input: unknown): Result<GameMove> {
  const fields = parseWith(moveFieldsSchema, input);
  return fields.ok ? parseMove(gameType, fields.value) : fields;
}

/** The makeMove event (SPEC §7), plus the version the mover saw (optional: stale moves are refused). */
export interface MakeMovePayload {
  gameID: string;
  move: { playerID: string; gameID: string; move: unknown };
  version?: number;
}

export const makeMoveSchema = z
  .object(
    {
      gameID: idSchema,
      move: z.object(
        { playerID: z.string().trim().min(1, MSG.playerRequired), gameID: idSchema, move: z.unknown() },
        { error: MSG.invalidMovePayload },
      ),
      version: z.number().int().nonnegative().optional(),
    },
    { error: MSG.invalidMovePayload },
  )
  .refine((p) => p.move.gameID === p.gameID, { message: MSG.gameMismatch });
