/**
 * Typed Socket.IO event maps (SPEC §4, §7), used by the realtime service and the browser.
 * Later features add their events here.
 */
import type { UserUpdatePayload } from './entities.ts';

export interface ServerToClientEvents {
  userUpdate: (payload: UserUpdatePayload) => void;
}

export type ClientToServerEvents = Record<string, never>;

export interface SocketData {
  userId: string;
  username: string;
  sessionId: string;
}

/** Everything the web side may publish to sockets; one interface, backed per deployment. */
export interface EventPublisher {
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Disconnects every socket of the user (logout everywhere, deletion). */
  disconnectUser(username: string): void;
  /** Disconnects the sockets of one session (logout of one browser). */
  disconnectSession(sessionId: string): void;
}

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
