/**
 * Ports for a use case's unit test: the real test database, and fakes for the rest: a publisher
 * that records what it was told, the clock, the limiter counting in that database as the servers
 * do (or one that lets everything through), the real post renderer (one thread for all of a test
 * file's ports), the servers' password hashing (argon2id), node:crypto's random numbers as the servers draw them (platform's crypto-rng.ts),
 * a natural-language search that finds nothing, and a silent log.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '@fso/db';
import { createLimiter } from '@fso/limits';
import type { EventPublisher, RoomViews, ServerToClientEvents } from '@fso/shared';
import { createPostRenderer } from '@fso/markdown';
import { mailKey } from '@fso/mail';
import { passwords } from '@fso/passwords';
import type { Caller, Limiter, Log, Ports, Semantic } from '../src/ports.ts';

export interface Recorded {
  events: { event: string; args: unknown[] }[];
  disconnectedUsers: string[];
  disconnectedSessions: string[];
  /** toRoomViews calls: what each viewer would have been sent. */
  perViewer: RoomViews<keyof ServerToClientEvents>[];
  /** How many times the embedding worker was poked. */
  pokes: number;
}

export const permissiveLimiter: Limiter = { hit: () => Promise.resolve(null), forgive: () => Promise.resolve() };

const renderer = createPostRenderer();

export const silentLog: Log = { warn: () => undefined, error: () => undefined };

export function recordingPublisher(recorded: Recorded): EventPublisher {
  return {
    toAll: (event, ...args) => void recorded.events.push({ event, args }),
    toQa: (event, ...args) => void recorded.events.push({ event, args }),
    toRoom: (room, event, ...args) => void recorded.events.push({ event, args: [...args, { room }] }),
    toUsersOutside: (users, room, event, ...args) =>
      void recorded.events.push({ event, args: [...args, { users, outside: room }] }),
    toRoomViews: (views) => void recorded.perViewer.push(views),
    disconnectUser: (u) => void recorded.disconnectedUsers.push(u),
    disconnectSession: (s) => void recorded.disconnectedSessions.push(s),
  };
}

/**
 * Rate limits count as on the servers (`limits.factor` scales them) unless `limits` is false.
 * `semantic` replaces the search that finds nothing (with a real service, say).
 */
export function testPorts(
  database: Database,
  opts: { limits?: false | { factor: number }; semantic?: Semantic; clock?: () => Date } = {},
): { ports: Ports; recorded: Recorded } {
  const recorded: Recorded = { events: [], disconnectedUsers: [], disconnectedSessions: [], perViewer: [], pokes: 0 };
  const semantic: Semantic = opts.semantic ?? {
    search: () => Promise.resolve([]),
    index: () => Promise.resolve({ nearest: () => Promise.resolve([]), vectors: () => Promise.resolve(new Map()) }),
    worker: { poke: () => void recorded.pokes++ },
  };
  const ports: Ports = {
    db: database.db,
    events: recordingPublisher(recorded),
    clock: opts.clock ?? (() => new Date()),
    limiter:
      opts.limits === false ? permissiveLimiter : createLimiter({ db: database.db, factor: opts.limits?.factor ?? 1 }),
    renderer,
    mailKey: mailKey('test-secret-test-secret-test-secret-test'),
    passwords,
    rng: { int: (maxExclusive) => randomInt(maxExclusive) },
    semantic,
    log: silentLog,
  };
  return { ports, recorded };
}

/** The caller a test acts as: a user (with a session id when the test needs one), from a fixed address. */
export const callerOf = (user: Caller['user'], ip = '203.0.113.7'): Caller => ({ user, ip });
