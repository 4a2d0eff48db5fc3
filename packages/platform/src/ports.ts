/**
 * The ports of packages/core, built once per process and nowhere else. At boot (boot.ts), alike
 * for the web process, the realtime process and the single process: the database, the clock, the
 * rate limiter, which is one per process since it remembers refusals in memory, the key of mailed
 * links, password hashing, the games' random source (node:crypto's), and the post renderer (its thread starts when a post is first rendered, so a process that
 * renders none has none). Once the process's Socket.IO server (or split mode's cluster publisher)
 * exists, `servingPorts` completes them, once for the process, with what only it brings: the events
 * publisher, natural-language search (web processes only: no socket event searches) and the process's
 * logger; the web routes and the socket handlers alike take those. A request's own logger is not a
 * port: it travels beside them (the load context's `log`).
 */
import type { Ports } from '@fso/core';
import { mailKey } from '@fso/mail';
import { createLimiter } from '@fso/limits';
import { createPostRenderer } from '@fso/markdown';
import { passwords } from '@fso/passwords';
import type { Database } from '@fso/db';
import { cryptoRng } from './crypto-rng.ts';

export type ProcessPorts = Pick<Ports, 'db' | 'clock' | 'limiter' | 'renderer' | 'mailKey' | 'passwords' | 'rng'>;

/** What the serving side passes in: its publisher, the search service and the process's logger. */
export type ServingPorts = Pick<Ports, 'events' | 'semantic' | 'log'>;

/** The ports of a realtime process, which runs no search: every other port. */
export type SocketPorts = Omit<Ports, 'semantic'>;

export function buildPorts(
  database: Database,
  config: { rateLimitFactor: number; sessionSecret: string },
): ProcessPorts {
  return {
    db: database.db,
    clock: () => new Date(),
    limiter: createLimiter({ db: database.db, factor: config.rateLimitFactor }),
    renderer: createPostRenderer(),
    mailKey: mailKey(config.sessionSecret),
    passwords,
    rng: cryptoRng,
  };
}

/**
 * Boot's ports with the publisher, search and logger passed in: every port a use case reaches.
 * Called once per process; a realtime process passes no search.
 */
export function servingPorts(ports: ProcessPorts, serving: ServingPorts): Ports;
export function servingPorts(ports: ProcessPorts, serving: Omit<ServingPorts, 'semantic'>): SocketPorts;
export function servingPorts(ports: ProcessPorts, serving: Omit<ServingPorts, 'semantic'> & Partial<ServingPorts>) {
  return { ...ports, ...serving };
}
