import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteQuestion, editQuestion } from '../../test/core-rules.ts';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { createUser } from './users.ts';
import { listQuestions } from './question-list.ts';
import { cheaperRead, matchesCte, tagWalkBound, walkBound, type MatchRead } from './question-search.ts';
import { insertQuestion } from './question-write.ts';
import { rows as rowsOf, type Row } from './sql-rows.ts';

let database: Database;
let ids: number[] = [];

const rows = <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(database.db, query);

/** Four questions, three tagged quantum; asked in the reverse order of their ids (as imported questions are): the first one is the newest. */
async function seed(db: Database): Promise<number[]> {
  const asker = Number((await createUser(db.db, { username: 'asker', passwordHash: null }))!._id);
  const posts = [
    { title: 'Bell states and entanglement', tags: ['quantum', 'bell'] },
    { title: 'Grover search on three qubits', tags: ['quantum', 'grover'] },
    { title: 'Entanglement swapping explained', tags: ['quantum'] },
    { title: 'Sorting a list in Python', tags: ['python'] },
  ];
  const made: number[] = [];
  for (const p of posts)
    made.push(await insertQuestion(db.db, { ...p, text: `${p.title}, in detail.`, askedBy: asker }));
  for (const [i, id] of made.entries())
    await db.db.execute(
      sql`UPDATE questions SET ask_date_time = '2024-01-01T00:00:00Z'::timestamptz - ${i} * interval '1 day' WHERE id = ${id}`,
    );
  return made;
}

/** What a searcher sees of `[tag]`, `[tag] + word` and ranked words on `db` seeded by `seed`. */
async function expectSearches(db: Database, [newest, second, third]: number[]): Promise<void> {
  const list = async (search: string, order?: 'newest' | 'unanswered') =>
    await listQuestions(db.db, { search, order, limit: 10, offset: 0 });
  const tagged = await list('[quantum]', 'newest');
  expect(tagged.questions.map((q) => Number(q._id))).toEqual([newest, second, third]);
  expect(tagged.total).toBe(3);
  // A tag's own list counts the tag's questions on a later page and past its last one too.
  expect(await listQuestions(db.db, { search: '[quantum]', limit: 2, offset: 2 })).toMatchObject({
    questions: [{ _id: String(third) }],
    total: 3,
    totalCapped: false,
  });
  expect(await listQuestions(db.db, { search: '[quantum]', limit: 10, offset: 10 })).toMatchObject({
    questions: [],
    total: 3,
    totalCapped: false,
  });
  expect((await list('[QUANTUM] [grover]')).questions.map((q) => Number(q._id))).toEqual([second]);
  const ranked = await list('[quantum] entanglement');
  expect(ranked.questions.map((q) => Number(q._id)).sort()).toEqual([newest, third].sort());
  expect(ranked.total).toBe(2);
  expect((await list('[nosuchtag]')).total).toBe(0);
  const words = await list('entanglement');
  expect(words.questions.map((q) => Number(q._id)).sort()).toEqual([newest, third].sort());
  expect(words.questions.map((q) => q.tags.map((t) => t.name))).toContainEqual(['quantum', 'bell']);
  expect(words.total).toBe(2);
  // A ranked page past the last match still tells how many there are.
  expect(await listQuestions(db.db, { search: 'entanglement', limit: 10, offset: 10 })).toMatchObject({
    questions: [],
    total: 2,
    totalCapped: false,
  });
  // Paged: the second of the two ranked matches alone.
  const first = await listQuestions(db.db, { search: 'entanglement', limit: 1, offset: 0 });
  const next = await listQuestions(db.db, { search: 'entanglement', limit: 1, offset: 1 });
  expect([...first.questions, ...next.questions].map((q) => Number(q._id))).toEqual(
    words.questions.map((q) => Number(q._id)),
  );
  expect(next.total).toBe(2);
  // Newest first, words (and a tag) are read as a ranked search reads its newest matches (decision record 0066), paged and counted.
  const newestWords = await list('entanglement', 'newest');
  expect(newestWords.questions.map((q) => Number(q._id))).toEqual([newest, third]);
  expect(newestWords.total).toBe(2);
  expect(
    await listQuestions(db.db, { search: '[quantum] entanglement', order: 'newest', limit: 1, offset: 1 }),
  ).toMatchObject({ questions: [{ _id: String(third) }], total: 2, totalCapped: false });
  expect(await listQuestions(db.db, { search: 'entanglement', order: 'newest', limit: 10, offset: 10 })).toMatchObject({
    questions: [],
    total: 2,
    totalCapped: false,
  });
  // In the other orders, words (and a tag) are read in the order's own index and counted from that read (decision record 0069).
  const ordered = async (search: string, order: 'active' | 'mostViewed' | 'unanswered', offset = 0) =>
    await listQuestions(db.db, { search, order, limit: 1, offset });
  expect(await ordered('entanglement', 'active')).toMatchObject({
    questions: [{ _id: String(third) }],
    total: 2,
    totalCapped: false,
  });
  expect(await ordered('entanglement', 'active', 1)).toMatchObject({
    questions: [{ _id: String(newest) }],
    total: 2,
    totalCapped: false,
  });
  expect(await ordered('[quantum] entanglement', 'mostViewed', 1)).toMatchObject({
    questions: [{ _id: String(third) }],
    total: 2,
    totalCapped: false,
  });
  expect(await ordered('[quantum] entanglement', 'unanswered', 5)).toMatchObject({
    questions: [],
    total: 2,
    totalCapped: false,
  });
  expect(await ordered('entanglement', 'mostViewed', 5)).toMatchObject({ questions: [], total: 2, totalCapped: false });
  const page = await listQuestions(db.db, { tag: 'quantum', order: 'unanswered', limit: 1, offset: 1 });
  expect(page.questions.map((q) => Number(q._id))).toEqual([second]);
  expect(page.total).toBe(3);
}

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seed(database);
});
afterAll(() => database.close());

describe('search at scale (migration 0011)', () => {
  it("keeps each question's ask time on its tag rows, on insert and when the question's time changes", async () => {
    const mismatched = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_tags qt JOIN questions q ON q.id = qt.question_id WHERE qt.ask_date_time IS DISTINCT FROM q.ask_date_time`,
    );
    expect(mismatched[0]!.n).toBe(0);
    const copies = await rows<{ ask_date_time: string | Date }>(
      sql`SELECT ask_date_time FROM question_tags WHERE question_id = ${ids[0]!}`,
    );
    expect(copies.map((r) => new Date(r.ask_date_time).toISOString())).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
    ]);
  });

  it("keeps each question's ask time and search document in question_search (migration 0021), on insert, edit and delete", async () => {
    const differing = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM questions q FULL JOIN question_search s ON s.id = q.id
              WHERE s.id IS NULL OR q.id IS NULL OR s.ask_date_time IS DISTINCT FROM q.ask_date_time OR s.search IS DISTINCT FROM q.search`,
        )
      )[0]!.n;
    expect(await differing()).toBe(0);
    const asker = Number((await rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'asker'`))[0]!.id);
    const id = await insertQuestion(database.db, {
      title: 'Decoherence in transmons',
      text: 'Why do they lose coherence?',
      tags: ['python'],
      askedBy: asker,
    });
    expect(await differing()).toBe(0);
    await database.db.execute(
      sql`UPDATE questions SET title = 'Dephasing in transmons', text = 'And relaxation.' WHERE id = ${id}`,
    );
    await database.db.execute(sql`UPDATE questions SET ask_date_time = '2020-01-01T00:00:00Z' WHERE id = ${id}`);
    await database.db.execute(sql`UPDATE questions SET view_count = view_count + 1 WHERE id = ${id}`);
    expect(await differing()).toBe(0);
    expect(
      (
        await rows<{ hit: boolean }>(
          sql`SELECT search @@ 'dephas'::tsquery AS hit FROM question_search WHERE id = ${id}`,
        )
      )[0]!.hit,
    ).toBe(true);
    await database.db.execute(sql`DELETE FROM questions WHERE id = ${id}`);
    expect(await differing()).toBe(0);
    expect(await rows(sql`SELECT 1 FROM question_search WHERE id = ${id}`)).toEqual([]);
  });

  it("keeps each question's tags in question_search (migration 0022) as a question is asked, retagged by an edit and deleted, and tagged searches find it", async () => {
    const differing = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM question_search s
              WHERE s.tag_ids IS DISTINCT FROM ARRAY(SELECT qt.tag_id FROM question_tags qt WHERE qt.question_id = s.id ORDER BY qt.tag_id)`,
        )
      )[0]!.n;
    const found = async (search: string) =>
      (await listQuestions(database.db, { search, limit: 10, offset: 0 })).questions.map((q) => Number(q._id));
    // The same, read from the intersection of the words' and the tags' posting lists alone.
    const intersected = async (words: string, tags: string[]) => {
      const tagIds = (
        await rows<{ id: number }>(sql`SELECT id FROM tags WHERE name = ANY(${sql.param(tags)}::text[]) ORDER BY name`)
      ).map((r) => Number(r.id));
      if (tagIds.length < tags.length) return [];
      const query = sql`websearch_to_tsquery('english', ${words})`;
      return (
        await rows<{ id: number }>(
          sql`${matchesCte({ how: 'intersect' }, query, tagIds[0]!, tagIds.slice(1), 10)} SELECT id FROM m`,
        )
      ).map((r) => Number(r.id));
    };
    expect(await differing()).toBe(0);
    const asker = Number((await rows<{ id: number }>(sql`SELECT id FROM users WHERE username = 'asker'`))[0]!.id);
    const question = { title: 'Decoherence in transmons', text: 'Why do they lose coherence?' };
    const id = await insertQuestion(database.db, { ...question, tags: ['quantum', 'hardware'], askedBy: asker });
    expect(await differing()).toBe(0);
    expect(await found('[hardware] decoherence')).toEqual([id]);
    expect(await found('[quantum] [hardware] decoherence')).toEqual([id]);
    expect(await found('[python] decoherence')).toEqual([]);
    expect(await intersected('decoherence', ['hardware', 'quantum'])).toEqual([id]);

    expect(
      await editQuestion(database.db, { ...question, questionId: id, userId: asker, tags: ['python'] }),
    ).toMatchObject({
      ok: true,
    });
    expect(await differing()).toBe(0);
    expect(await found('[hardware] decoherence')).toEqual([]);
    expect(await found('[quantum] decoherence')).toEqual([]);
    expect(await found('[python] decoherence')).toEqual([id]);
    expect(await intersected('decoherence', ['hardware'])).toEqual([]);
    expect(await intersected('decoherence', ['python'])).toEqual([id]);

    // Retagging writes the row once, with the final tags (decision record 0059): the same tags in
    // another order leave it as it was.
    expect(
      await editQuestion(database.db, { ...question, questionId: id, userId: asker, tags: ['python', 'hardware'] }),
    ).toMatchObject({ ok: true });
    const version = async () =>
      String((await rows<{ xmin: string }>(sql`SELECT xmin::text FROM question_search WHERE id = ${id}`))[0]!.xmin);
    const before = await version();
    expect(
      await editQuestion(database.db, { ...question, questionId: id, userId: asker, tags: ['hardware', 'python'] }),
    ).toMatchObject({ ok: true });
    expect(await version()).toBe(before);
    expect(await differing()).toBe(0);
    expect(await found('[hardware] [python] decoherence')).toEqual([id]);

    expect(await deleteQuestion(database.db, { questionId: id, userId: asker })).toMatchObject({ ok: true });
    expect(await differing()).toBe(0);
    expect(await found('[python] decoherence')).toEqual([]);
    expect(await intersected('decoherence', ['python'])).toEqual([]);
  });

  it('lists a tag newest first, with other tags and words narrowing it, and counts what matches', async () => {
    await expectSearches(database, ids);
  });

  it('reads the same newest matches whether it walks a date order (whole, or cut short and then asking the index) or asks the full-text index, with and without a tag', async () => {
    const index =
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'question_search_rum_idx'`,
        )
      )[0]!.n > 0
        ? 'rum'
        : 'gin';
    const [tag] = await rows<{ id: number }>(sql`SELECT id FROM tags WHERE name = 'quantum'`);
    const query = sql`websearch_to_tsquery('english', 'entanglement')`;
    const read = async (how: MatchRead, tagId: number | null, limit: number) =>
      (
        await rows<{ id: number }>(
          sql`${matchesCte(how, query, tagId, [], limit)} SELECT id FROM m ORDER BY ask_date_time DESC, id DESC`,
        )
      ).map((r) => Number(r.id));
    for (const tagId of [null, Number(tag!.id)]) {
      // Walks of every row, of fewer rows than there are (the newest question alone: one match
      // of two, so the index answers), and of enough rows for a limit of one.
      for (const rows of [1024, 1])
        expect(await read({ how: 'walk', rows, then: index }, tagId, 10)).toEqual([ids[0], ids[2]]);
      expect(await read({ how: 'walk', rows: 1, then: index }, tagId, 1)).toEqual([ids[0]]);
      expect(await read({ how: index }, tagId, 10)).toEqual([ids[0], ids[2]]);
    }
    // With a tag, also the intersection of the words' and the tag's posting lists, alone and as a walk's fallback.
    for (const how of [{ how: 'intersect' }, { how: 'walk', rows: 1, then: 'intersect' }] as const) {
      expect(await read(how, Number(tag!.id), 10)).toEqual([ids[0], ids[2]]);
      expect(await read(how, Number(tag!.id), 1)).toEqual([ids[0]]);
    }
  });

  it('walks for common words and asks the index for rare ones, from their frequencies, a walk going no further than the index read would cost', () => {
    const questions = 1_000_000;
    // 800k matches: the index read costs 800k matches, 267k walked rows; but a walk that has read r
    // rows without 201 matches has shown the words to have fewer than 201 ÷ r × 1M, what RUM then
    // costs, so it stops at √(201 × 1M ÷ 3) = 8,185 rows (decision record 0071), rounded up.
    expect(cheaperRead({ questions, words: 800_000, rarest: 800_000, tag: null }, 201, true)).toEqual({
      how: 'walk',
      rows: 8_192,
      then: 'rum',
    });
    expect(walkBound(questions, 201, 'rum')).toBeCloseTo(8_185, 0);
    expect(walkBound(100_000, 201, 'rum')).toBeCloseTo(2_588, 0);
    // On GIN a walked row costs 4: √(201 × 1M ÷ 4) = 7,089, rounded up.
    expect(cheaperRead({ questions, words: 800_000, rarest: 800_000, tag: null }, 201, false)).toEqual({
      how: 'walk',
      rows: 8_192,
      then: 'gin',
    });
    expect(cheaperRead({ questions, words: 2_000, rarest: 2_000, tag: null }, 201, true)).toEqual({ how: 'rum' });
    expect(cheaperRead({ questions, words: 2_000, rarest: 2_000, tag: null }, 201, false)).toEqual({ how: 'gin' });
    // With a tag, the intersection of the word's and the tag's posting lists costs a row per match
    // within the tag: for a rare tag it beats walking the tag's rows and probing each word match.
    expect(cheaperRead({ questions, words: 300_000, rarest: 300_000, tag: 500 }, 201, true)).toEqual({
      how: 'intersect',
    });
    expect(cheaperRead({ questions, words: 300_000, rarest: 300_000, tag: 500 }, 201, false)).toEqual({
      how: 'intersect',
    });
    // A common tag (a sixth of the questions): its rows are walked for a common word (467 rows
    // expected), in case the word is rarer in the tag than in the site no further than the walk
    // that would cost what the intersection costs at the share it has then shown (√(201 × 160k ×
    // 1.5 ÷ 2) = 4,911 rows, rounded up), rather than the intersection at the guessed share (103k
    // matches, 34k walked rows); a rarer word's matches are the intersection's.
    expect(cheaperRead({ questions, words: 430_000, rarest: 430_000, tag: 160_000 }, 201, true)).toEqual({
      how: 'walk',
      rows: 8_192,
      then: 'intersect',
    });
    expect(cheaperRead({ questions, words: 20_000, rarest: 20_000, tag: 160_000 }, 201, true)).toEqual({
      how: 'intersect',
    });
    // That bound grows with the root of the tag's size: ten times the tag, √10 times the rows.
    expect(tagWalkBound(16_000, 201, 'rum')).toBeCloseTo(1_553, 0);
    expect(tagWalkBound(160_000, 201, 'rum')).toBeCloseTo(4_911, 0);
    // Nearer the share where both reads cost the same (√(201 × 2 ÷ (160k × 1.5)) ≈ 4.1 %), the
    // intersection's guessed cost is the nearer bound: at 6 % (3,350 rows expected) 14,400 matches,
    // 4,800 walked rows, rounded up. At 4.5 % the walk (4,467 rows) looks cheaper than the
    // intersection (10,800 matches) but is expected to reach its bound (3,600 rows, rounded up to
    // 4,096) and read the intersection as well: the intersection is read.
    expect(cheaperRead({ questions, words: 60_000, rarest: 60_000, tag: 160_000 }, 201, true)).toEqual({
      how: 'walk',
      rows: 8_192,
      then: 'intersect',
    });
    expect(cheaperRead({ questions, words: 45_000, rarest: 45_000, tag: 160_000 }, 201, true)).toEqual({
      how: 'intersect',
    });
    expect(cheaperRead({ questions, words: 40_000, rarest: 40_000, tag: 160_000 }, 201, true)).toEqual({
      how: 'intersect',
    });
    // Two words estimated at 19k matches as if independent, the rarer of them in 135k questions:
    // taken at their geometric middle (51k), walking is cheaper; as independent words, RUM.
    expect(cheaperRead({ questions, words: 19_000, rarest: 135_000, tag: null }, 201, true)).toMatchObject({
      how: 'walk',
    });
    expect(cheaperRead({ questions, words: 19_000, rarest: 19_000, tag: null }, 201, true)).toEqual({ how: 'rum' });
  });

  it('indexes full text with RUM where the server has it, and with GIN otherwise', async () => {
    const rum =
      (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'rum'`))[0]!
        .n > 0;
    const indexes = (
      await rows<{ indexname: string }>(
        sql`SELECT indexname FROM pg_indexes WHERE tablename = 'questions' AND indexname LIKE 'questions_search%'`,
      )
    ).map((r) => r.indexname);
    expect(indexes).toEqual([rum ? 'questions_search_rum_idx' : 'questions_search_idx']);
    const inline = (
      await rows<{ indexname: string }>(
        sql`SELECT indexname FROM pg_indexes WHERE tablename = 'question_search' AND indexname = 'question_search_rum_idx'`,
      )
    ).map((r) => r.indexname);
    expect(inline).toEqual(rum ? ['question_search_rum_idx'] : []);
  });
});

describe('search where migrations 0011 and 0024 kept GIN (a PostgreSQL server without RUM, or PGlite)', () => {
  let gin: Database;
  beforeAll(async () => {
    gin = await createTestDatabase();
    // As the migration leaves a server without the extension: the GIN index, no RUM index.
    await gin.exec('DROP INDEX IF EXISTS questions_search_rum_idx');
    await gin.exec('DROP INDEX IF EXISTS question_search_rum_idx');
    await gin.exec('CREATE INDEX IF NOT EXISTS questions_search_idx ON questions USING gin (search)');
  });
  afterAll(() => gin.close());

  it('answers [tag], [tag] + word and ranked words as with RUM', async () => {
    await expectSearches(gin, await seed(gin));
  });
});
