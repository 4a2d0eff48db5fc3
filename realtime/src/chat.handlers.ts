/**
 * Chat rooms on the socket (SPEC §7): `joinChat` puts a socket in `chat:<id>` only when its
 * user takes part in that chat, checked in the database (never believed from the client);
 * `leaveChat` takes it out. The answer goes back through the optional acknowledgement (with
 * Retry-After's seconds while the database is away).
 * Messages and chat updates themselves are published by the web side once committed.
 */
import { mayFollowChat, type Ports } from '@fso/core';
import { MSG, parseId, rooms, type JoinChatResult } from '@fso/shared';
import { failureOfError } from '@fso/platform';
import type { RealtimeFeature } from './realtime-server.ts';

export function chatHandlers(ports: Pick<Ports, 'db'>): RealtimeFeature {
  return (socket) => {
    socket.on('joinChat', async (rawId, ack) => {
      const reply = (result: JoinChatResult) => {
        if (typeof ack === 'function') ack(result);
      };
      const chatId = parseId(rawId);
      if (chatId === null) return reply({ ok: false, error: MSG.chatNotFound });
      try {
        if (!(await mayFollowChat(ports, chatId, Number(socket.data.userId))))
          return reply({ ok: false, error: MSG.notAllowed });
        await socket.join(rooms.chat(chatId));
        reply({ ok: true });
      } catch (error) {
        const failure = failureOfError(error);
        if (failure?.kind === 'unavailable')
          reply({ ok: false, error: failure.message, retryAfterSeconds: failure.retryAfterSeconds });
        else reply({ ok: false, error: failure?.message ?? MSG.unavailable });
      }
    });

    socket.on('leaveChat', async (rawId) => {
      const chatId = parseId(rawId);
      if (chatId !== null) await socket.leave(rooms.chat(chatId));
    });
  };
}
