import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { linkedQuestions, linkImportedQuestions } from './question-links.ts';
import { insertAnswer, insertQuestion } from './question-write.ts';
import { createUser } from './users.ts';

let database: Database;
let ann: number;
beforeAll(async () => {
  database = await createTestDatabase();
  ann = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
});
afterAll(() => database.close());

const ask = (title: string, text = 'No links here.') =>
  insertQuestion(database.db, { title, text, tags: ['links'], askedBy: ann });
const titles = async (id: number) => (await linkedQuestions(database.db, id, 10)).map((q) => q.title);

describe('linked questions (issue 42)', () => {
  it('are the questions a question or its answers link to, and those linking to it, both ways', async () => {
    const target = await ask('Target');
    const asking = await ask(
      'Links in its text',
      `See [this](https://fso.example/question/${target}) and /question/999999.`,
    );
    const other = await ask('Linked from an answer');
    await insertAnswer(database.db, {
      questionId: other,
      text: `Relative: [t](/question/${target}#answer-1)`,
      ansBy: ann,
    });
    await insertAnswer(database.db, { questionId: target, text: `Itself: /question/${target}`, ansBy: ann });
    expect(await titles(target)).toEqual(['Linked from an answer', 'Links in its text']);
    expect(await titles(asking)).toEqual(['Target']);
    expect(await titles(other)).toEqual(['Target']);
  });

  it('follow edits and deletions', async () => {
    const target = await ask('Edited target');
    const linking = await ask('Edited link', `/question/${target}`);
    expect(await titles(target)).toEqual(['Edited link']);
    await database.db.execute(sql`UPDATE questions SET text = 'gone' WHERE id = ${linking}`);
    expect(await titles(target)).toEqual([]);
    const answer = await insertAnswer(database.db, { questionId: linking, text: `/question/${target}`, ansBy: ann });
    expect(await titles(target)).toEqual(['Edited link']);
    await database.db.execute(sql`UPDATE answers SET hidden = 'flagged' WHERE id = ${answer!.answerId}`);
    expect(await titles(target)).toEqual([]);
    await database.db.execute(sql`DELETE FROM answers WHERE id = ${answer!.answerId}`);
    expect(await database.db.execute(sql`SELECT 1 FROM question_links WHERE target_id = ${target}`)).toMatchObject({
      rows: [],
    });
  });

  it('resolve imported Stack Exchange addresses, also to a question imported after the post', async () => {
    const site = 'https://qc.stackexchange.com';
    const [early] = (
      await database.db.execute(sql`INSERT INTO questions (title, text, source_url)
        VALUES ('Imported first', ${`See ${site}/questions/77/slug and http://QC.stackexchange.com/a/88`}, ${`${site}/questions/11`}) RETURNING id`)
    ).rows;
    const [later] = (
      await database.db.execute(
        sql`INSERT INTO questions (title, text, source_url) VALUES ('Imported later', 'x', ${`${site}/questions/77`}) RETURNING id`,
      )
    ).rows;
    const earlyId = Number(early!.id);
    expect(await titles(earlyId)).toEqual([]);
    const [answered] = (
      await database.db.execute(
        sql`INSERT INTO questions (title, text, source_url) VALUES ('Has answer 88', 'y', ${`${site}/questions/12`}) RETURNING id`,
      )
    ).rows;
    await database.db.execute(
      sql`INSERT INTO answers (question_id, text, source_url) VALUES (${answered!.id}, 'z', ${`${site}/a/88`})`,
    );
    expect(await database.db.transaction((tx) => linkImportedQuestions(tx))).toBe(2);
    expect(await titles(earlyId)).toEqual(['Has answer 88', 'Imported later']);
    expect(await titles(Number(later!.id))).toEqual(['Imported first']);
  });

  it('leave hidden questions out', async () => {
    const target = await ask('Hidden target');
    const hidden = await ask('Hidden linker', `/question/${target}`);
    await database.db.execute(sql`UPDATE questions SET hidden = 'flagged' WHERE id = ${hidden}`);
    expect(await titles(target)).toEqual([]);
  });
});
