/**
 * createRealtimeServer: the Socket.IO service. The handshake settles identity once from the
 * session cookie (no valid session, no socket); each socket joins `user:<name>` and
 * `session:<id>` rooms so the web side can reach or disconnect a user. Feature handlers
 * (chat, games) come in through `deps.features`, each registering its events per socket.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { rooms, type ClientToServerEvents, type EventPublisher, type ServerToClientEvents, type SocketData } from '@fso/shared';

export type RealtimeIO = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  /** Identity from the handshake's Cookie header; null refuses the socket. */
  resolveSession(cookieHeader: string | undefined): Promise<SocketData | null>;
  corsOrigins: string[];
  /** Feature handlers (chat, games): called once per connected socket. */
  features?: RealtimeFeature[];
}

/** Work started by a socket event (a game move); `close()` waits for it before resolving. */
export type TrackWork = <T>(work: Promise<T>) => Promise<T>;

export type RealtimeFeature = (socket: RealtimeSocket, io: RealtimeIO, track: TrackWork) => void;

export interface RealtimeServer {
  io: RealtimeIO;
  publisher: EventPublisher;
  /**
   * Stops taking sockets and closes the open ones without ending their sessions (clients
   * reconnect, to another instance behind a load balancer), then waits for the work their
   * events started. Closes the HTTP server it is attached to as well.
   */
  close(): Promise<void>;
}

export const userRoom = rooms.user;
export const sessionRoom = rooms.session;

/** Publishes through any Socket.IO server (or, in split mode, an emitter with the same API). */
export function publisherFor(io: Pick<RealtimeIO, 'emit' | 'in' | 'to'>): EventPublisher {
  return {
    toAll: (event, ...args) => {
      io.emit(event, ...args);
    },
    toRoom: (room, event, ...args) => {
      io.to(room).emit(event, ...args);
    },
    toRoomEach: async (room, event, argsFor) => {
      for (const socket of await io.in(room).fetchSockets()) {
        const args = argsFor(socket.data);
        if (args) socket.emit(event, ...args);
      }
    },
    disconnectUser: (username) => io.in(userRoom(username)).disconnectSockets(true),
    disconnectSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
  };
}

export function createRealtimeServer(httpServer: HttpServer, deps: RealtimeDeps): RealtimeServer {
  const io: RealtimeIO = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    cors: deps.corsOrigins.length ? { origin: deps.corsOrigins, credentials: true } : undefined,
  });

  io.use(async (socket, next) => {
    try {
      const identity = await deps.resolveSession(socket.request.headers.cookie);
      if (!identity) return next(new Error('unauthorized'));
      socket.data = identity;
      next();
    } catch {
      next(new Error('unavailable'));
    }
  });

  const inFlight = new Set<Promise<unknown>>();
  const track: TrackWork = (work) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.username), sessionRoom(socket.data.sessionId)]);
    for (const feature of deps.features ?? []) feature(socket, io, track);
  });

  return {
    io,
    publisher: publisherFor(io),
    close: async () => {
      // Closing the transports (not disconnectSockets) tells clients to reconnect, not to sign out.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
    },
  };
}
