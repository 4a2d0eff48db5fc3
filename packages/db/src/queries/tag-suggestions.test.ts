import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { suggestTags } from './tag-suggestions.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const names = ['quantum-entanglement', 'entanglement-swapping', 'Entangled-States', 'qubit', 'a_b'];
  for (const name of names) await database.db.execute(sql`INSERT INTO tags (name) VALUES (${name})`);
});
afterAll(() => database.close());

describe('tag suggestions (issue 42)', () => {
  it('match anywhere in a name, in any case, those starting with the typed text first', async () => {
    const found = (await suggestTags(database.db, 'ENTANG', 10)).map((t) => t.name);
    expect(found).toEqual(['Entangled-States', 'entanglement-swapping', 'quantum-entanglement']);
    expect((await suggestTags(database.db, 'entang', 1)).map((t) => t.name)).toEqual(['Entangled-States']);
  });

  it('take LIKE wildcards literally', async () => {
    expect((await suggestTags(database.db, '_', 10)).map((t) => t.name)).toEqual(['a_b']);
    expect(await suggestTags(database.db, '%', 10)).toEqual([]);
  });

  it('are read through the trigram index', async () => {
    await database.db.execute(sql`SET enable_seqscan = off`);
    const plan = await database.db.execute(sql`EXPLAIN SELECT name FROM tags t WHERE lower(t.name) LIKE ${'%entang%'}`);
    await database.db.execute(sql`RESET enable_seqscan`);
    expect(JSON.stringify(plan.rows)).toContain('tags_name_lower_trgm_idx');
  });
});
