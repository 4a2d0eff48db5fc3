/** How the embedded database is opened for its size: statistics refreshed when stale, shared buffers from the data's size. */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testing.ts';
import { EMBEDDED_BUFFERS, embeddedSharedBuffersMb, type Database } from './client.ts';
import { analyzeWhenStale } from './pglite-analyze.ts';
import { createUser } from './queries/users.ts';
import { rows } from './queries/sql-rows.ts';

describe('PGlite statistics without autovacuum', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ embedded: true });
  });
  afterAll(() => database.close());

  const estimate = async () =>
    Number(
      (await rows<{ n: number }>(database.db, sql`SELECT reltuples AS n FROM pg_class WHERE relname = 'questions'`))[0]!
        .n,
    );

  it('analyses once the questions have grown past 50 + 10% of the last estimate, and not again until they grow further', async () => {
    if (database.kind !== 'pglite') throw new Error('an embedded test database');
    const asker = Number((await createUser(database.db, { username: 'grower', passwordHash: null }))!._id);
    const add = (n: number) =>
      database.db.execute(
        sql`INSERT INTO questions (title, text, html, asked_by) SELECT 'Question ' || g, 'About qubits ' || g, '<p>About qubits</p>', ${asker} FROM generate_series(1, ${n}) g`,
      );
    await add(40);
    expect(await analyzeWhenStale(database.pglite)).toBe(false);
    await add(40);
    expect(await analyzeWhenStale(database.pglite)).toBe(true);
    expect(await estimate()).toBe(80);
    await add(50);
    expect(await analyzeWhenStale(database.pglite)).toBe(false);
    await add(100);
    expect(await analyzeWhenStale(database.pglite)).toBe(true);
    expect(await estimate()).toBe(230);
  });
});

describe('PGlite shared buffers', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dataDir = (mb: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'fso-buffers-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    const file = join(dir, 'base', '5', '16384');
    writeFileSync(file, '');
    truncateSync(file, mb * 2 ** 20); // sparse: the size is what counts
    return dir;
  };

  it('are an eighth of the database files, within their bounds', () => {
    expect(embeddedSharedBuffersMb(undefined)).toBe(EMBEDDED_BUFFERS.min);
    expect(embeddedSharedBuffersMb(join(tmpdir(), 'fso-no-such-dir'))).toBe(EMBEDDED_BUFFERS.min);
    expect(embeddedSharedBuffersMb(dataDir(8))).toBe(EMBEDDED_BUFFERS.min);
    expect(embeddedSharedBuffersMb(dataDir(400))).toBe(50);
  });
});
