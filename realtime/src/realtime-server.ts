/**
 * createRealtimeServer: the Socket.IO service. The handshake settles identity once from the
 * session cookie (no session cookie, or `auth: { visitor: true }`: a read-only visitor socket;
 * an ended session: refused); each signed-in socket joins `user:<name>` and `session:<id>`
 * rooms so the web side can reach or disconnect a user, and every socket the rooms of what it
 * watches (subscriptions.ts). Feature handlers (chat, games) come in once through `serve`, built
 * over the process's ports, whose events port is this server's publisher; each registers its
 * events per signed-in socket.
 * Every client event passes the socket's rate limit (event-limit.ts) before any handler.
 * With a cluster adapter (split mode, see cluster.ts) every broadcast also reaches the
 * sockets of the other instances; per-viewer events cross as one `roomViews` message.
 * Large broadcasts are written in slices that let requests in between (sliced-broadcast.ts).
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import {
  MAX_BODY_BYTES,
  liveRooms,
  qaAudience,
  rooms,
  SOCKET_EVENT_LIMIT,
  viewFor,
  type EventPublisher,
  type RoomViews,
  type ServerToClientEvents,
} from '@fso/shared';
import { limitEvents, type EventLimit } from './event-limit.ts';
import { sliceLargeBroadcasts } from './sliced-broadcast.ts';
import { VISITOR } from './handshake.ts';
import type { RealtimeIO, RealtimeSocket, ResolveSession, TrackWork } from './socket-types.ts';
import { connectRooms, refuseVisitorEvents, watchHandler } from './subscriptions.ts';

export type { RealtimeIO, RealtimeSocket, TrackWork } from './socket-types.ts';

export interface RealtimeDeps {
  /** Identity from the handshake's Cookie header (a visitor without one); null refuses the socket. */
  resolveSession: ResolveSession;
  corsOrigins: string[];
  /**
   * Why a handshake (polling or websocket) must be refused, e.g. a browser page of another
   * origin (the web side's CSRF rule); null lets it through to the session check.
   */
  refuseHandshake?(req: IncomingMessage): string | null;
  /** A cluster adapter (split mode); without one, this process is the only instance. */
  adapter?: ServerOptions['adapter'];
  /** Client → server events per socket (event-limit.ts); the table's default unless given. */
  eventLimit?: EventLimit;
}

/** Registers a feature's events on one signed-in socket. */
export type RealtimeFeature = (socket: RealtimeSocket, track: TrackWork) => void;

export interface RealtimeServer {
  io: RealtimeIO;
  /** Publishes through this server (and its adapter, to every instance): the events port of the process's ports. */
  publisher: EventPublisher;
  /** Gives every signed-in socket these features' events; called once, before the server listens. */
  serve(features: RealtimeFeature[]): void;
  /**
   * Stops taking sockets and closes the open ones without ending their sessions (clients
   * reconnect, to another instance behind a load balancer), then waits for the work their
   * events started. Closes the HTTP server it is attached to as well.
   */
  close(): Promise<void>;
}

export const userRoom = rooms.user;
export const sessionRoom = rooms.session;

/** Sends this instance's sockets in the room their own view. */
function deliverViews(io: RealtimeIO, views: RoomViews<keyof ServerToClientEvents>) {
  for (const id of io.sockets.adapter.rooms.get(views.room) ?? []) {
    const socket = io.sockets.sockets.get(id);
    const args = socket && viewFor(views, socket.data.username);
    if (args) (socket.emit as (event: string, ...rest: unknown[]) => void)(views.event, ...args);
  }
}

/** Publishes through this Socket.IO server, and through its adapter to the other instances. */
function publisherFor(io: RealtimeIO, clustered: boolean): EventPublisher {
  return {
    toAll: (event, ...args) => {
      io.to(liveRooms.members).emit(event, ...args);
    },
    toQa: (event, ...args) => {
      io.to(qaAudience(event, ...args)).emit(event, ...args);
    },
    toRoom: (room, event, ...args) => {
      io.to(room).emit(event, ...args);
    },
    toUsersOutside: (usernames, room, event, ...args) => {
      io.to(usernames.map(userRoom))
        .except(room)
        .emit(event, ...args);
    },
    toRoomViews: (views) => {
      deliverViews(io, views);
      if (clustered) io.serverSideEmit('roomViews', views);
    },
    disconnectUser: (username) => io.in(userRoom(username)).disconnectSockets(true),
    disconnectSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
  };
}

export function createRealtimeServer(httpServer: HttpServer, deps: RealtimeDeps): RealtimeServer {
  sliceLargeBroadcasts();
  const io: RealtimeIO = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Polling bodies and websocket messages: the same cap as every other request body.
    maxHttpBufferSize: MAX_BODY_BYTES,
    cors: deps.corsOrigins.length ? { origin: deps.corsOrigins, credentials: true } : undefined,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
    allowRequest: (req, answer) => {
      const refusal = deps.refuseHandshake?.(req) ?? null;
      answer(refusal, refusal === null);
    },
  });
  const publisher = publisherFor(io, Boolean(deps.adapter));
  // Per-viewer events published elsewhere (a web process, another instance) arrive here.
  io.on('roomViews', (views) => deliverViews(io, views));

  io.use((socket, next) => {
    const visitor = (socket.handshake.auth as { visitor?: unknown } | undefined)?.visitor === true;
    (visitor ? Promise.resolve(VISITOR) : deps.resolveSession(socket.request.headers.cookie)).then(
      (identity) => {
        if (!identity) return next(new Error('unauthorized'));
        socket.data = identity;
        next();
      },
      () => next(new Error('unavailable')),
    );
  });

  let features: RealtimeFeature[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const track: TrackWork = (work) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  io.on('connection', (socket) => {
    limitEvents(socket, deps.eventLimit ?? SOCKET_EVENT_LIMIT);
    refuseVisitorEvents(socket);
    void socket.join(connectRooms(socket));
    watchHandler(socket);
    if (socket.data.signedIn) for (const feature of features) feature(socket, track);
  });

  return {
    io,
    publisher,
    serve: (served) => {
      features = served;
    },
    close: async () => {
      // Closing the transports (not disconnectSockets) tells clients to reconnect, not to sign out.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
    },
  };
}
