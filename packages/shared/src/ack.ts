/**
 * The one acknowledgement of every client → server socket event (issue 40): `{ok: true, data}`
 * (`data` undefined when there is nothing to give, so absent on the wire) or `{ok: false, error}`
 * with the human message, and the seconds to wait when the cause is passing (the database away).
 * A plain union on `ok`, as `Result` is, so a zod `discriminatedUnion('ok', …)` reads it as is.
 * A client that passes no acknowledgement gets what the SPEC promises instead (gameError).
 */
import type { Failure, Result } from '@fso/game-engine';

export type AckRefusal = { ok: false; error: string; retryAfterSeconds?: number };
export type Ack<T = undefined> = { ok: true; data: T } | AckRefusal;
/** The callback a client passes as an event's last argument. */
export type AckCallback<T = undefined> = (reply: Ack<T>) => void;

/** Success with nothing to give. */
export const ACK_OK: Ack = { ok: true, data: undefined };

/** A failure as a refusal: its message, and its seconds to wait when it has them. */
export const refusalOf = (failure: Failure): AckRefusal =>
  failure.retryAfterSeconds === undefined
    ? { ok: false, error: failure.message }
    : { ok: false, error: failure.message, retryAfterSeconds: failure.retryAfterSeconds };

/** A use case's or a parser's Result as an acknowledgement. */
export const ackOf = <T>(result: Result<T>): Ack<T> =>
  result.ok ? { ok: true, data: result.value } : refusalOf(result);

/**
 * Answers an event: through `ack` when the client passed a function there; otherwise a refusal
 * goes to `otherwise` (a game event's gameError), and a success needs no answer.
 */
export function answer<T>(ack: unknown, reply: Ack<T>, otherwise?: (refusal: AckRefusal) => void): void {
  if (typeof ack === 'function') (ack as AckCallback<T>)(reply);
  else if (!reply.ok) otherwise?.(reply);
}
