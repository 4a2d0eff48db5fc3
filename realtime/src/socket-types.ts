/** The typed Socket.IO server and socket of this service, and how a handshake's identity is resolved (types only). */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@fso/shared';

export type RealtimeIO = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Identity from the handshake's Cookie header (a visitor without one); null refuses the socket. */
export type ResolveSession = (cookieHeader: string | undefined) => Promise<SocketData | null>;
