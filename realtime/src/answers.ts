/**
 * How a socket event's handler answers (issue 40): its work's reply goes through the
 * acknowledgement when the client passed one (shared `answer`); otherwise a refusal goes where
 * the feature says (a game event's gameError, see `gameErrorTo`), or nowhere. A handler that
 * threw answers too (the database away, with its seconds), so nobody waits in silence.
 */
import { answer, fail, refusalOf, type Ack, type AckRefusal } from '@fso/shared';
import { failureOfError } from '@fso/platform';
import type { RealtimeSocket, TrackWork } from './socket-types.ts';

/** Sends a refusal to this socket only, as the SPEC's gameError naming its player (and the game, when known). */
export const gameErrorTo =
  (socket: RealtimeSocket, gameID: string | null = null) =>
  (refusal: AckRefusal): void =>
    void socket.emit('gameError', { gameID, player: socket.data.username, error: refusal.error });

/** What a handler that threw answers: the database away with the seconds to wait, else `fallback`. */
export const refusalOfError = (error: unknown, fallback: string): AckRefusal =>
  refusalOf(failureOfError(error) ?? fail('internal', fallback));

/** Runs one event's work (tracked) and answers it as `answer` does; a throw answers `refusalOfError`. */
export function handleEvent<T>(
  track: TrackWork,
  ack: unknown,
  work: () => Promise<Ack<T>>,
  failed: { fallback: string; otherwise?: (refusal: AckRefusal) => void },
): void {
  track(work()).then(
    (reply) => answer(ack, reply, failed.otherwise),
    (error) => answer(ack, refusalOfError(error, failed.fallback), failed.otherwise),
  );
}
