/** Migrations are applied once each, including one that lands after a newer-numbered one (work merged out of order). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testing.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';

/** A migrations folder holding `entries` (journal order), each creating one table. */
function folder(entries: { tag: string; when: number }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fso-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: entries.map((e, idx) => ({ idx, version: '7', when: e.when, tag: e.tag, breakpoints: true })),
  };
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of entries)
    writeFileSync(
      join(dir, `${e.tag}.sql`),
      `CREATE TABLE ${e.tag} (id int);\n--> statement-breakpoint\nINSERT INTO ${e.tag} VALUES (1);`,
    );
  return dir;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrate', () => {
  it('applies a migration older than the newest applied one, and none twice', async () => {
    const newer = { tag: 'mig_newer', when: 2 };
    const older = { tag: 'mig_older', when: 1 };
    await migrate(database, folder([newer]));
    await migrate(database, folder([newer, older]));
    await migrate(database, folder([newer, older]));
    const { rows } = await database.pool.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM mig_newer)::int + (SELECT count(*) FROM mig_older)::int AS n',
    );
    expect(rows[0]!.n).toBe(2);
  });
});
