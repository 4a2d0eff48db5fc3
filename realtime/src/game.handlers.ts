/**
 * The games feature of the socket service (SPEC §7): joinGame/leaveGame enter and leave a
 * game's room (`game:<id>`; any signed-in user may watch), makeMove plays through the game
 * service. Every payload is checked with zod. Each event answers its acknowledgement when the
 * client passed one (`data`: the game as this user sees it); otherwise a refusal goes back as
 * gameError to this socket only, naming its player (leaveGame's refusal: nowhere, as before).
 * joinGame's gameUpdate goes out either way. Identity is the session's, never the payload's.
 */
import { ACK_OK, ackOf, makeMoveSchema, MSG, parseId, parseWith, rooms } from '@fso/shared';
import { findGameFor, makeMove, type Ports } from '@fso/core';
import { gameErrorTo, handleEvent } from './answers.ts';
import { handshakeCaller, socketCaller } from './handshake.ts';
import type { RealtimeFeature } from './realtime-server.ts';

const gameIdOf = (raw: unknown): string | null => {
  const id = parseId(raw);
  return id === null ? null : String(id);
};

export function gameHandlers(ports: Pick<Ports, 'db' | 'events'>): RealtimeFeature {
  return (socket, track) => {
    // Game sockets are signed in (the handshake turns visitors away from games). Who moves is
    // read with the session on each move, as a request is: a suspension begun since the
    // handshake refuses the move (an ended session: not signed in). Who watches is the handshake's.
    const callerNow = () => socketCaller(ports, socket.data.sessionId, socket.handshake.address);
    const viewer = handshakeCaller(socket.data, socket.handshake.address);
    /** A refusal for a client without acknowledgement, naming the game when the payload did. */
    const failed = (gameID: string | null) => ({
      fallback: MSG.gameServerError,
      otherwise: gameErrorTo(socket, gameID),
    });

    socket.on('joinGame', (raw, ack) => {
      const gameID = gameIdOf(raw);
      handleEvent(
        track,
        ack,
        async () => {
          if (gameID === null) return { ok: false, error: MSG.invalidId };
          // Join first, then read: an update stored in between still reaches this socket.
          await socket.join(rooms.game(gameID));
          const game = await findGameFor(ports, viewer, { gameID });
          if (game.ok) socket.emit('gameUpdate', { gameInstance: game.value });
          else await socket.leave(rooms.game(gameID));
          return ackOf(game);
        },
        failed(gameID),
      );
    });

    socket.on('leaveGame', (raw, ack) =>
      handleEvent(
        track,
        ack,
        async () => {
          const gameID = gameIdOf(raw);
          if (gameID === null) return { ok: false, error: MSG.invalidId };
          await socket.leave(rooms.game(gameID));
          return ACK_OK;
        },
        { fallback: MSG.gameServerError },
      ),
    );

    socket.on('makeMove', (raw, ack) =>
      handleEvent(
        track,
        ack,
        async () => {
          const payload = parseWith(makeMoveSchema, raw);
          if (!payload.ok) return ackOf(payload);
          // The mover sees the result even if it never sent joinGame.
          await socket.join(rooms.game(payload.value.gameID));
          return ackOf(await makeMove(ports, await callerNow(), payload.value));
        },
        failed(gameIdOf((raw as { gameID?: unknown } | null)?.gameID)),
      ),
    );
  };
}
