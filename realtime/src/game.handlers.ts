/**
 * The games feature of the socket service (SPEC §7): joinGame/leaveGame enter and leave a
 * game's room (`game:<id>`; any signed-in user may watch), makeMove plays through the game
 * service. Every payload is checked with zod; every failure goes back as gameError to this
 * socket only, naming its player. Identity is the session's, never the payload's.
 */
import { makeMoveSchema, MSG, parseId, parseWith, rooms } from '@fso/shared';
import { findGameFor, makeMove, type Ports } from '@fso/core';
import { failureOfError } from '@fso/platform';
import { socketCaller } from './handshake.ts';
import type { RealtimeFeature } from './realtime-server.ts';

const gameIdIn = (raw: unknown): string | null => {
  const id = parseId((raw as { gameID?: unknown } | null)?.gameID);
  return id === null ? null : String(id);
};

export function gameHandlers(ports: Pick<Ports, 'db'>): RealtimeFeature {
  const { db } = ports;
  return (socket, events, track) => {
    const deps = { db, events };
    const player = socket.data.username;
    // Game sockets are signed in (the handshake turns visitors away from games). Who moves is
    // read with the session on each move, as a request is: a suspension begun since the
    // handshake refuses the move (an ended session: not signed in).
    const callerNow = () => socketCaller(ports, socket.data.sessionId, socket.handshake.address);
    const gameError = (gameID: string | null, error: string) => socket.emit('gameError', { gameID, player, error });
    // A failing database must not leave the player waiting in silence.
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => Promise<void>) =>
      (...args: A) => {
        track(handler(...args)).catch((error) =>
          gameError(null, failureOfError(error)?.message ?? MSG.gameServerError),
        );
      };

    socket.on(
      'joinGame',
      guarded(async (raw) => {
        const id = parseId(raw);
        if (id === null) return void gameError(null, MSG.invalidId);
        // Join first, then read: an update stored in between still reaches this socket.
        await socket.join(rooms.game(id));
        const game = await findGameFor(db, id, player);
        if (!game) {
          await socket.leave(rooms.game(id));
          return void gameError(String(id), MSG.gameNotFound);
        }
        socket.emit('gameUpdate', { gameInstance: game });
      }),
    );

    socket.on(
      'leaveGame',
      guarded(async (raw) => {
        const id = parseId(raw);
        if (id !== null) await socket.leave(rooms.game(id));
      }),
    );

    socket.on(
      'makeMove',
      guarded(async (raw) => {
        const payload = parseWith(makeMoveSchema, raw);
        if (!payload.ok) return void gameError(gameIdIn(raw), payload.message);
        // The mover sees the result even if it never sent joinGame.
        await socket.join(rooms.game(payload.value.gameID));
        const outcome = await makeMove(deps, await callerNow(), payload.value);
        if (!outcome.ok) gameError(payload.value.gameID, outcome.message);
      }),
    );
  };
}
