/**
 * Typed Socket.IO event maps (SPEC §4, §7), used by the realtime service and the browser.
 * Each feature declares its own events in its own file (qa-events.ts, chat-events.ts,
 * game-events.ts); this module composes them and defines how the web side publishes.
 */
import type { UserUpdatePayload } from './entities.ts';
import type { ChatClientEvents, ChatServerEvents } from './chat-events.ts';
import type { GameClientEvents, GameServerEvents } from './game-events.ts';
import type { QaServerEvents } from './qa-events.ts';
import type { LiveClientEvents, QaArgs } from './live.ts';
import type { NotificationServerEvents } from './notifications.ts';
import type { ReviewServerEvents } from './flags.ts';
import type { ModerationServerEvents } from './moderation.ts';

export interface ServerToClientEvents
  extends
    QaServerEvents,
    ChatServerEvents,
    GameServerEvents,
    NotificationServerEvents,
    ReviewServerEvents,
    ModerationServerEvents {
  userUpdate: (payload: UserUpdatePayload) => void;
  /** The cluster's bus is back after an outage: events may have been lost, so pages read again. */
  resync: () => void;
}

export interface ClientToServerEvents extends ChatClientEvents, GameClientEvents, LiveClientEvents {}

/** A visitor's socket (no session) has `signedIn` false and empty ids. */
export interface SocketData {
  signedIn: boolean;
  userId: string;
  username: string;
  sessionId: string;
}

export type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/**
 * One event as each viewer of a room may see it: `byUser` by exact username, `others` for
 * everybody else (`null`: nothing for them). Plain data, so it can cross processes.
 */
export interface RoomViews<E extends keyof ServerToClientEvents> {
  room: string;
  event: E;
  byUser: Record<string, EventArgs<E>>;
  others: EventArgs<E> | null;
}

/** What `views` holds for the socket of `username`. */
export const viewFor = <E extends keyof ServerToClientEvents>(
  views: RoomViews<E>,
  username: string,
): EventArgs<E> | null => (Object.hasOwn(views.byUser, username) ? views.byUser[username]! : views.others);

/** Events between server instances (Socket.IO `serverSideEmit`, from an emitter or a peer). */
export interface InterServerEvents {
  /** Each instance sends its own sockets in `room` their view. */
  roomViews: (views: RoomViews<keyof ServerToClientEvents>) => void;
}

/** Everything the web side may publish to sockets; one interface, backed per deployment. */
export interface EventPublisher {
  /** Every signed-in socket (messageUpdate, userUpdate). */
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): void;
  /** A public Q&A event, to the sockets that watch its question or nothing (live.ts `qaAudience`). */
  toQa<E extends keyof QaArgs>(event: E, ...args: QaArgs[E]): void;
  /** Every socket in a room (`chat:<id>`, `game:<id>`, `user:<name>`). */
  toRoom<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: EventArgs<E>): void;
  /** Every socket of these users that is not in `room`: a chat's participants on their other pages. */
  toUsersOutside<E extends keyof ServerToClientEvents>(
    usernames: string[],
    room: string,
    event: E,
    ...args: EventArgs<E>
  ): void;
  /** Each socket in a room gets its own view (a game as that viewer may see it), on every instance. */
  toRoomViews<E extends keyof ServerToClientEvents>(views: RoomViews<E>): void;
  /** Disconnects every socket of the user (logout everywhere, deletion), on every instance. */
  disconnectUser(username: string): void;
  /** Disconnects the sockets of one session (logout of one browser), on every instance. */
  disconnectSession(sessionId: string): void;
}

/** Room names, one place for the server and the tests. */
export const rooms = {
  user: (username: string) => `user:${username.toLowerCase()}`,
  session: (sessionId: string) => `session:${sessionId}`,
  chat: (chatId: string | number) => `chat:${chatId}`,
  game: (gameId: string | number) => `game:${gameId}`,
};

/** SPEC §7 client options, shared by the browser and the tests. */
export const SOCKET_CLIENT_OPTIONS = {
  path: '/socket.io',
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
  withCredentials: true,
} as const;
