/**
 * buildPorts, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): each process
 * role gets the same three ports (that database, the real clock, a limiter counting in that
 * database with the factor of the role's config); servingPorts completes them with the web
 * server's publisher, search and logger, keeping boot's limiter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ports } from '@fso/core';
import { mailKey } from '@fso/mail';
import { passwords } from '@fso/passwords';
import { schema, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, RATE_LIMITS, scaledCount } from '@fso/shared';
import { loadConfig } from './config.ts';
import { cryptoRng } from './crypto-rng.ts';
import { buildPorts, servingPorts } from './ports.ts';
import { loadRealtimeConfig } from './realtime-config.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const FACTOR = 0.02;
/** The ports boot builds for every process role, sorted; the serving side adds the rest. */
const BOOT_PORTS = ['clock', 'db', 'limiter', 'mailKey', 'passwords', 'renderer', 'rng'];

const split = {
  DATABASE_URL: 'postgres://db.test/fso',
  REALTIME_URL: 'http://127.0.0.1:3001',
  RATE_LIMIT_FACTOR: String(FACTOR),
};
const roles = {
  all: loadConfig({ RATE_LIMIT_FACTOR: String(FACTOR) }, 'all'),
  web: loadConfig(split, 'web'),
  realtime: loadRealtimeConfig(split),
};

describe('buildPorts', () => {
  it.each(Object.entries(roles))(
    "builds the database, the clock, the limiter, the renderer, the mail key, password hashing and the games' random source for the %s role, nothing else",
    (_role, config) => {
      const before = Date.now();
      const ports = buildPorts(database, config);
      expect(Object.keys(ports).sort()).toEqual(BOOT_PORTS);
      expect(ports.mailKey).toEqual(mailKey(config.sessionSecret));
      expect(ports.passwords).toBe(passwords);
      expect(ports.rng).toBe(cryptoRng);
      expect(ports.db).toBe(database.db);
      const now = ports.clock().getTime();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    },
  );

  it.each(Object.entries(roles))(
    "limits in that database, scaled by the %s config's RATE_LIMIT_FACTOR",
    async (role, config) => {
      const { limiter } = buildPorts(database, config);
      const caller = {
        user: { userId: 4000 + Object.keys(roles).indexOf(role), username: role },
        ip: `192.0.2.${Object.keys(roles).indexOf(role)}`,
      };
      const allowed = scaledCount(RATE_LIMITS.question.perUser, FACTOR);
      for (let i = 0; i < allowed; i++) expect(await limiter.hit('question', caller)).toBeNull();
      expect(await limiter.hit('question', caller)).toMatchObject({
        ok: false,
        kind: 'tooMany',
        message: MSG.tooManyRequests,
      });
      const keys = (await database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
      expect(keys).toContain(`question:user:${caller.user.userId}`);
    },
  );

  it('gives each call a limiter of its own: a refusal remembered by one process is not another’s', async () => {
    const caller = { user: null, ip: '198.51.100.7' };
    const first = buildPorts(database, { rateLimitFactor: 0.001, sessionSecret: 'x'.repeat(32) }).limiter;
    expect(await first.hit('signup', caller)).toBeNull();
    expect(await first.hit('signup', caller)).toMatchObject({ kind: 'tooMany' });
    // Another process (its own limiter, with a higher factor) counts in the same table: the first one's memory of the refusal is not its own.
    const second = buildPorts(database, { rateLimitFactor: 1000, sessionSecret: 'x'.repeat(32) }).limiter;
    expect(await second.hit('signup', caller)).toBeNull();
  });

  it("completes boot's ports with the publisher, search and logger passed in, keeping boot's limiter", () => {
    const booted = buildPorts(database, roles.all);
    const serving = {
      events: { toAll: () => undefined } as unknown as Ports['events'],
      semantic: { worker: { poke: () => undefined } } as unknown as Ports['semantic'],
      log: { warn: () => undefined, error: () => undefined },
    };
    const ports = servingPorts(booted, serving);
    expect(Object.keys(ports).sort()).toEqual([...BOOT_PORTS, 'events', 'log', 'semantic'].sort());
    expect(ports.limiter).toBe(booted.limiter);
    expect(ports.renderer).toBe(booted.renderer);
    expect(ports.events).toBe(serving.events);
    expect(ports.semantic).toBe(serving.semantic);
    expect(ports.log).toBe(serving.log);
  });

  it('gives a realtime process the same ports without search', () => {
    const booted = buildPorts(database, roles.realtime);
    const events = { toAll: () => undefined } as unknown as Ports['events'];
    const ports = servingPorts(booted, { events, log: { warn: () => undefined, error: () => undefined } });
    expect(Object.keys(ports).sort()).toEqual([...BOOT_PORTS, 'events', 'log'].sort());
    expect(ports.events).toBe(events);
    expect(ports.limiter).toBe(booted.limiter);
  });
});
