/** renderStoredBodies on a real database: bodies with no HTML get it; `--all` renders the others again; each table's progress is shown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getQuestionWithHtml, insertAnswer, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { renderStoredBodies } from './render-bodies.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function recordingBar() {
  const shown: string[] = [];
  return {
    shown,
    bar: {
      update: (label: string, done: number, total: number) => void shown.push(`${label} ${done}/${total}`),
      end: () => void shown.push('end'),
    },
  };
}

describe('renderStoredBodies', () => {
  it('stores HTML for the bodies without it, then with --all for every body again', async () => {
    const ann = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
    const qid = await insertQuestion(database.db, {
      title: 'Old post',
      text: 'Some *old* text',
      tags: ['legacy'],
      askedBy: ann,
    });
    const answer = (await insertAnswer(database.db, {
      questionId: qid,
      text: 'Rendered **before**',
      html: '<p>stale</p>',
      ansBy: ann,
    }))!;
    const html = async () => (await getQuestionWithHtml(database.db, qid))!.html;

    const missing = recordingBar();
    expect(await renderStoredBodies(database, { missingOnly: true, bar: missing.bar })).toBe(1);
    expect(await html()).toEqual({ q: '<p>Some <em>old</em> text</p>\n', [`a${answer.answerId}`]: '<p>stale</p>' });
    expect(missing.shown).toEqual(['questions 1/1', 'end', 'end', 'end']);

    const all = recordingBar();
    expect(await renderStoredBodies(database, { missingOnly: false, bar: all.bar })).toBe(2);
    expect((await html())[`a${answer.answerId}`]).toBe('<p>Rendered <strong>before</strong></p>\n');
    expect(all.shown).toEqual(['questions 1/1', 'end', 'answers 1/1', 'end', 'end']);
  });
});
