/**
 * Chat rooms on the socket (SPEC §7): `joinChat` puts a socket in `chat:<id>` only when its
 * user takes part in that chat, checked in the database (never believed from the client);
 * `leaveChat` takes it out. Each answers its acknowledgement when the client passed one (with
 * Retry-After's seconds while the database is away); a client that passed none hears nothing.
 * Messages and chat updates themselves are published by the web side once committed.
 */
import { mayFollowChat, type Ports } from '@fso/core';
import { ACK_OK, ackOf, MSG, parseId, rooms, type Ack } from '@fso/shared';
import { handleEvent } from './answers.ts';
import { handshakeCaller } from './handshake.ts';
import type { RealtimeFeature } from './realtime-server.ts';

const FAILED = { fallback: MSG.unavailable };

export function chatHandlers(ports: Pick<Ports, 'db'>): RealtimeFeature {
  return (socket, track) => {
    /** One chat event: its chat id checked (a malformed one: not found), then `work`. */
    const onChat = (event: 'joinChat' | 'leaveChat', work: (chatId: number) => Promise<Ack>) =>
      socket.on(event, (rawId: unknown, ack: unknown) => {
        const chatId = parseId(rawId);
        const refused: Ack = { ok: false, error: MSG.chatNotFound };
        handleEvent(track, ack, () => (chatId === null ? Promise.resolve(refused) : work(chatId)), FAILED);
      });

    onChat('joinChat', async (chatId) => {
      const allowed = await mayFollowChat(ports, handshakeCaller(socket.data, socket.handshake.address), { chatId });
      if (!allowed.ok) return ackOf(allowed);
      await socket.join(rooms.chat(chatId));
      return ACK_OK;
    });

    onChat('leaveChat', async (chatId) => {
      await socket.leave(rooms.chat(chatId));
      return ACK_OK;
    });
  };
}
