/** The typed Socket.IO server and socket of this service, how a handshake's identity is resolved, and the tracking of an event's work (types only). */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@fso/shared';

export type RealtimeIO = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Identity from the handshake's Cookie header (a visitor without one); null refuses the socket. */
export type ResolveSession = (cookieHeader: string | undefined) => Promise<SocketData | null>;

/** Work started by a socket event (a game move); the server's `close()` waits for it before resolving. */
export type TrackWork = <T>(work: Promise<T>) => Promise<T>;
