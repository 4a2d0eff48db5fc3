/**
 * What each socket receives (docs/decisions/0033-live-deltas-and-subscriptions.md). Every
 * socket starts in `live:all` (every public Q&A event, as SPEC §7 clients expect); `watch`
 * swaps that for the rooms of what the page shows (one question, or a list's rows plus new
 * questions). Signed-in sockets also join `live:members` and their user and session rooms.
 * A visitor's socket (no session) may only `watch`: every other client event is refused with
 * MSG.notSignedIn, through its acknowledgement when it asked for one, else as a gameError.
 */
import {
  ACK_OK,
  ackOf,
  answer,
  isWatchRoom,
  liveRooms,
  MSG,
  parseWith,
  rooms,
  watchRooms,
  watchSchema,
} from '@fso/shared';
import { gameErrorTo } from './answers.ts';
import type { RealtimeSocket } from './socket-types.ts';

/** The rooms a socket joins on connecting. */
export const connectRooms = (socket: RealtimeSocket): string[] =>
  socket.data.signedIn
    ? [liveRooms.everything, liveRooms.members, rooms.user(socket.data.username), rooms.session(socket.data.sessionId)]
    : [liveRooms.everything];

/** Refuses a visitor's events other than `watch`, before any handler. */
export function refuseVisitorEvents(socket: RealtimeSocket): void {
  if (socket.data.signedIn) return;
  socket.use((packet, next) => {
    if (packet[0] === 'watch') return next();
    answer(packet.at(-1), { ok: false, error: MSG.notSignedIn }, gameErrorTo(socket));
  });
}

/** `watch`: leaves the rooms of the previous topic (or `live:all`) and joins the new topic's. */
export function watchHandler(socket: RealtimeSocket): void {
  socket.on('watch', (raw, ack) => {
    const topic = parseWith(watchSchema, raw);
    if (!topic.ok) return answer(ack, ackOf(topic));
    // Room membership is this instance's own (the adapters keep it in memory): nothing to wait for.
    for (const room of socket.rooms) if (isWatchRoom(room)) void socket.leave(room);
    void socket.join(watchRooms(topic.value));
    answer(ack, ACK_OK);
  });
}
