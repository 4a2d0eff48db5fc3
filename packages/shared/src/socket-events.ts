/**
 * Typed Socket.IO event maps (SPEC §4, §7), used by the realtime service and the browser.
 * Each feature declares its own events in its own file (qa-events.ts, chat-events.ts,
 * game-events.ts); this module composes them and defines how the web side publishes.
 */
import type { UserUpdatePayload } from './entities.ts';
import type { ChatClientEvents, ChatServerEvents } from './chat-events.ts';
import type { GameClientEvents, GameServerEvents } from './game-events.ts';
import type { QaServerEvents } from './qa-events.ts';

export interface ServerToClientEvents extends QaServerEvents, ChatServerEvents, GameServerEvents {
  userUpdate: (payload: UserUpdatePayload) => void;
}

export interface ClientToServerEvents extends ChatClientEvents, GameClientEvents {}

export interface SocketData {
  userId: string;
  username: string;
  sessionId: string;
}

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** Everything the web side may publish to sockets; one interface, backed per deployment. */
export interface EventPublisher {
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): void;
  /** Every socket in a room (`chat:<id>`, `game:<id>`, `user:<name>`). */
  toRoom<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: EventArgs<E>): void;
  /**
   * Each socket in a room gets its own payload (a game seen by that viewer); `null` skips
   * the socket. Works across instances: the sockets are fetched through the adapter.
   */
  toRoomEach<E extends keyof ServerToClientEvents>(room: string, event: E, argsFor: (viewer: SocketData) => EventArgs<E> | null): Promise<void>;
  /** Disconnects every socket of the user (logout everywhere, deletion). */
  disconnectUser(username: string): void;
  /** Disconnects the sockets of one session (logout of one browser). */
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
