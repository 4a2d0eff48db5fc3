/**
 * A DATA_DIR left by the earlier embedded default (PGlite): `npm start` refuses it, naming
 * `npm run migrate-embedded`, and that command moves every row into the embedded PostgreSQL
 * server (ids, counters, sequences, arrays and bytes as they were; newer migrations applied after
 * the copy), keeping PGlite's files aside; `npm start` then serves the same site.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createUser,
  insertAnswer,
  insertQuestion,
  isPgliteFolder,
  MIGRATIONS_FOLDER,
  openDatabase,
  rows,
  schema,
  type Db,
} from '@fso/db';

const root = new URL('..', import.meta.url).pathname;
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A PGlite data folder as the old default left it, migrated up to the journal's first `upTo` entries. */
async function pgliteFolder(upTo?: number): Promise<{ dir: string; pglite: PGlite }> {
  const dir = mkdtempSync(join(tmpdir(), 'fso-pglite-old-'));
  folders.push(dir);
  const migrations = mkdtempSync(join(tmpdir(), 'fso-pglite-migrations-'));
  folders.push(migrations);
  cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  if (upTo !== undefined) journal.entries = journal.entries.slice(0, upTo);
  writeFileSync(join(migrations, 'meta/_journal.json'), JSON.stringify(journal));
  const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm, vector } });
  await migratePglite(drizzle({ client: pglite }), { migrationsFolder: migrations });
  return { dir, pglite };
}

const run = (script: string, dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('a DATA_DIR of the PGlite default', () => {
  it('is refused by npm start, then moved whole into the embedded PostgreSQL by npm run migrate-embedded', async () => {
    const { dir, pglite } = await pgliteFolder();
    const db = drizzle({ client: pglite, schema }) as unknown as Db;
    const asker = Number((await createUser(db, { username: 'asker', passwordHash: null }))!._id);
    const answerer = Number((await createUser(db, { username: 'answerer', passwordHash: null }))!._id);
    const questionId = await insertQuestion(db, {
      title: 'Kept across engines?',
      text: 'Every row',
      tags: ['x'],
      askedBy: asker,
    });
    await insertAnswer(db, { questionId, text: 'Yes, every one.', ansBy: answerer });
    await pglite.query(
      `INSERT INTO question_embeddings (question_id, model, embedding) VALUES ($1, 'm', '{0.5,-1.25,3}')`,
      [questionId],
    );
    await pglite.query(`INSERT INTO semantic_models (name, data) VALUES ('lsa', '\\x00ff10'::bytea)`);
    const before = (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM embedding_jobs')).rows[0]!.n;
    await pglite.close();

    const refused = run('entry/main.ts', dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('npm run migrate-embedded');

    const migrated = run('remix-app/migrate-embedded.ts', dir);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(isPgliteFolder(dir)).toBe(false);
    expect(existsSync(join(dir, 'pglite-before-migration/PG_VERSION'))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      const one = async <T extends Record<string, unknown>>(text: string) => (await rows<T>(database.db, text))[0]!;
      expect(await one(`SELECT string_agg(username, ',' ORDER BY id) AS names FROM users`)).toEqual({
        names: 'asker,answerer',
      });
      expect(await one(`SELECT id, title FROM questions`)).toEqual({ id: questionId, title: 'Kept across engines?' });
      expect(await one(`SELECT count(*)::int AS n FROM answers WHERE question_id = ${questionId}`)).toEqual({ n: 1 });
      // Copied as they were, not made again by the triggers (which stay off during the copy).
      expect(await one(`SELECT count(*)::int AS n FROM embedding_jobs`)).toEqual({ n: before });
      expect(await one(`SELECT total FROM question_totals`)).toEqual({ total: 1 });
      expect(await one(`SELECT embedding::text AS e FROM question_embeddings`)).toEqual({ e: '{0.5,-1.25,3}' });
      expect(await one(`SELECT encode(data, 'hex') AS hex FROM semantic_models`)).toEqual({ hex: '00ff10' });
      // Sequences carry on where they were.
      const next = await insertQuestion(database.db, {
        title: 'Asked after',
        text: 'New',
        tags: ['x'],
        askedBy: asker,
      });
      expect(next).toBeGreaterThan(questionId);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('applies the migrations newer than the PGlite folder after copying its rows', async () => {
    const { dir, pglite } = await pgliteFolder(26); // before 0026_search_tiers
    await pglite.query(`INSERT INTO users (username) VALUES ('early')`);
    await pglite.close();
    const migrated = run('remix-app/migrate-embedded.ts', dir);
    expect(migrated.status, migrated.stderr).toBe(0);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await rows(database.db, `SELECT username FROM users`)).toEqual([{ username: 'early' }]);
      expect(await rows(database.db, `SELECT to_regclass('search_tiers')::text AS t`)).toEqual([{ t: 'search_tiers' }]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
