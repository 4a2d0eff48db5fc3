/**
 * The per-socket limit on client → server events (SOCKET_EVENT_LIMIT in the rate-limit table):
 * a token bucket, refilled continuously, checked before any handler runs, so a flood costs
 * the server only the reading of its frames. A refused event is answered at once (its
 * acknowledgement with an error when it asked for one, else a gameError to this socket).
 * Refusals are counted too, draining at the same steady rate: a socket that keeps sending well
 * over its rate reaches `disconnectAfterRefused` and is disconnected.
 */
import { answer, MSG } from '@fso/shared';
import { gameErrorTo } from './answers.ts';
import type { RealtimeSocket } from './socket-types.ts';

export type EventLimit = { burst: number; perSecond: number; disconnectAfterRefused: number };

/**
 * Disconnects a flooding socket and drops its connection at once: a polite WebSocket close
 * would first read and parse every frame the client has already sent.
 */
function cutOff(socket: RealtimeSocket): void {
  socket.disconnect(true);
  const transport = socket.conn.transport as unknown as { socket?: { terminate?: () => void } };
  transport.socket?.terminate?.();
}

export function limitEvents(
  socket: RealtimeSocket,
  limit: EventLimit,
  now: () => number = () => performance.now(),
): void {
  let tokens = limit.burst;
  let refused = 0;
  let last = now();
  socket.use((packet, next) => {
    const t = now();
    const drained = ((t - last) / 1000) * limit.perSecond;
    last = t;
    tokens = Math.min(limit.burst, tokens + drained);
    refused = Math.max(0, refused - drained);
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    refused += 1;
    if (refused >= limit.disconnectAfterRefused) return void cutOff(socket);
    answer(packet.at(-1), { ok: false, error: MSG.tooManyEvents }, gameErrorTo(socket));
  });
}
