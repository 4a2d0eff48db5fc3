/**
 * Issue 39 item 2: a post's revisions are read a page at a time, each edit's word diff is
 * computed once and then read from the database, and the reads are rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, insertAnswer, insertQuestion, REVISIONS_PAGE, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { RATE_LIMITS, type DiffPart } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { editAnswer, editQuestion } from './edits.ts';
import { revisionHistory, revisions } from './revisions.ts';

const EDITS = 2 * REVISIONS_PAGE + 5;
const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i % 97}`).join(' ');
/** The question's text after edit `n` (0: as asked): two long texts in turn, each edit also changing a word. */
const textOf = (n: number) => `${n % 2 ? words('x', 1000) : words('y', 1000)} edit${n}`;
const side = (parts: DiffPart[] | undefined, drop: 1 | -1) =>
  (parts ?? [])
    .filter(([kind]) => kind !== drop)
    .map(([, text]) => text)
    .join('');

let database: Database;
let ports: Ports;
let qid: number;
let aid: number;
const ann = { userId: 0, username: 'ann' };
beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports } = testPorts(database, { limits: false }));
  ann.userId = Number((await createUser(database.db, { username: 'ann', passwordHash: null }))!._id);
  qid = await insertQuestion(database.db, { title: 'Edited often', text: textOf(0), tags: ['a'], askedBy: ann.userId });
  for (let n = 1; n <= EDITS; n++)
    await editQuestion(ports, callerOf(ann), {
      questionId: qid,
      title: n === EDITS ? 'Edited often at last' : 'Edited often',
      text: textOf(n),
      tags: n === EDITS ? ['a', 'b'] : ['a'],
    });
  aid = (await insertAnswer(database.db, { questionId: qid, text: 'first answer', ansBy: ann.userId }))!.answerId;
  await editAnswer(ports, callerOf(ann), { answerId: aid, text: 'first answer here', summary: 'said where' });
});
afterAll(() => database.close());

const storedDiffs = async () =>
  Number(
    (
      await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM question_revisions WHERE diff IS NOT NULL`,
      )
    ).rows[0]!.n,
  );

describe("a post's revisions page", () => {
  it('lists a page of edits, newest first, each diffed against the version it made, and stores the diffs it computed', async () => {
    const first = await revisionHistory(ports, callerOf(null), { post: 'question', id: qid });
    if (!first.ok) throw new Error(first.message);
    expect(first.value).toMatchObject({ qid: String(qid), title: 'Edited often at last', total: EDITS, pages: 3 });
    expect(first.value.edits).toHaveLength(REVISIONS_PAGE);
    // Numbered with the original as revision 1: the newest edit made revision EDITS + 1.
    expect(first.value.edits.map((e) => e.number).slice(0, 2)).toEqual([EDITS + 1, EDITS]);
    expect(first.value.original).toBeNull();
    expect(await storedDiffs()).toBe(REVISIONS_PAGE);
    // The newest edit: from edit EDITS - 1's version to the question as it is.
    const newest = first.value.edits[0]!;
    expect(side(newest.diff.text, 1)).toBe(textOf(EDITS - 1));
    expect(side(newest.diff.text, -1)).toBe(textOf(EDITS));
    expect(newest.diff.title).toEqual([
      [0, 'Edited often'],
      [1, ' at last'],
    ]);
    expect(newest.diff.tags).toEqual([
      [0, 'a'],
      [1, ' b'],
    ]);
    // Older edits change only the text: each from its version to the next.
    first.value.edits.slice(1).forEach((edit, i) => {
      expect(edit.diff.title).toBeUndefined();
      expect(side(edit.diff.text, 1)).toBe(textOf(EDITS - 2 - i));
      expect(side(edit.diff.text, -1)).toBe(textOf(EDITS - 1 - i));
    });

    const last = await revisionHistory(ports, callerOf(null), { post: 'question', id: qid, page: 3 });
    if (!last.ok) throw new Error(last.message);
    expect(last.value.edits).toHaveLength(5);
    expect(side(last.value.edits.at(-1)!.diff.text, 1)).toBe(textOf(0));
    expect(last.value.edits.at(-1)!.number).toBe(2);
    // The last page ends with revision 1: the question as asked, by its asker.
    expect(last.value.original).toMatchObject({
      by: 'ann',
      version: { title: 'Edited often', tags: ['a'], text: textOf(0) },
    });
    expect(await storedDiffs()).toBe(REVISIONS_PAGE + 5);
  });

  it('reads a stored diff instead of computing it again', async () => {
    const newest = (
      await database.db.execute<{ id: number }>(
        sql`SELECT max(id)::int AS id FROM question_revisions WHERE question_id = ${qid}`,
      )
    ).rows[0]!.id;
    await database.db.execute(
      sql`UPDATE question_revisions SET diff = '{"text": [[0, "as stored"]]}' WHERE id = ${newest}`,
    );
    const again = await revisionHistory(ports, callerOf(null), { post: 'question', id: qid });
    if (!again.ok) throw new Error(again.message);
    expect(again.value.edits[0]!.diff).toEqual({ text: [[0, 'as stored']] });
  });

  it("diffs an answer's edits, names its question, and answers notFound for a post that does not exist", async () => {
    const page = await revisionHistory(ports, callerOf(null), { post: 'answer', id: aid });
    if (!page.ok) throw new Error(page.message);
    expect(page.value).toMatchObject({ qid: String(qid), title: 'Edited often at last', total: 1, pages: 1 });
    expect(page.value.edits[0]).toMatchObject({ number: 2, summary: 'said where' });
    expect(page.value.original).toMatchObject({ by: 'ann', version: { text: 'first answer' } });
    expect(page.value.edits[0]!.diff).toEqual({
      text: [
        [0, 'first answer'],
        [1, ' here'],
      ],
    });
    expect(await revisionHistory(ports, callerOf(null), { post: 'answer', id: 999_999 })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
    expect(await revisionHistory(ports, callerOf(null), { post: 'question', id: 999_999 })).toMatchObject({
      ok: false,
      kind: 'notFound',
    });
  });

  it('pages the REST list the same way, with the total', async () => {
    const page2 = await revisions(ports, callerOf(null), { post: 'question', id: qid, page: 2 });
    if (!page2.ok) throw new Error(page2.message);
    expect(page2.value.total).toBe(EDITS);
    expect(page2.value.revisions).toHaveLength(REVISIONS_PAGE);
    expect(page2.value.revisions[0]!.text).toBe(textOf(EDITS - 1 - REVISIONS_PAGE));
  });

  it('is rate-limited per address, page and REST alike', async () => {
    const limited = testPorts(database, { limits: { factor: 1 } }).ports;
    const visitor = callerOf(null, '198.51.100.9');
    const perIp = RATE_LIMITS.revisions.perIp;
    for (let i = 0; i < perIp; i++)
      expect((await (i % 2 ? revisions : revisionHistory)(limited, visitor, { post: 'answer', id: aid })).ok).toBe(
        true,
      );
    expect(await revisionHistory(limited, visitor, { post: 'answer', id: aid })).toMatchObject({
      ok: false,
      kind: 'tooMany',
    });
    expect(await revisions(limited, visitor, { post: 'answer', id: aid })).toMatchObject({
      ok: false,
      kind: 'tooMany',
    });
  });
});
