/**
 * Deleting an account (issue 39, item 6): its votes go with it, and every post's score and every
 * user's reputation stay what a recount gives, whatever runs beside the deletion — the account's
 * own votes and accepts, others' votes on its posts and on the posts it voted on — on a real
 * PostgreSQL server, over many rounds of random interleavings. A vote or accept of the account
 * that comes after its deletion is refused as from nobody signed in, never thrown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testing.ts';
import { acceptAnswer, castVote, deleteAccount } from '../../test/core-rules.ts';
import { recountReputations, scoresOffTheirVotes, storedReputations } from '../../test/recount.ts';
import type { Database } from '../client.ts';
import { insertAnswer, insertQuestion } from './question-write.ts';
import { createUser } from './users.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 24 });
});
afterAll(() => database.close());

let made = 0;
const newUser = async (name: string) =>
  Number((await createUser(database.db, { username: `${name}${++made}`, passwordHash: null }))!._id);
const ask = (askedBy: number) => insertQuestion(database.db, { title: 'Q', text: 'Why?', tags: ['del'], askedBy });
const answer = async (questionId: number, ansBy: number) =>
  (await insertAnswer(database.db, { questionId, text: 'Because.', ansBy }))!.answerId;

async function expectRecounted() {
  expect(await scoresOffTheirVotes(database.db)).toEqual([]);
  expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
}

describe('deleting an account', () => {
  it('takes its votes out of the scores and the authors’ reputation', async () => {
    const [voter, asker, answerer] = [await newUser('leaving'), await newUser('erin'), await newUser('fay')];
    const q = await ask(asker);
    const a = await answer(q, answerer);
    await castVote(database.db, { post: 'question', id: q, userId: voter, value: 1 });
    await castVote(database.db, { post: 'answer', id: a, userId: voter, value: -1 });
    expect(await deleteAccount(database.db, voter)).toMatchObject({
      ok: true,
      value: { username: expect.stringMatching(/^leaving/) },
    });
    expect(await deleteAccount(database.db, voter)).toMatchObject({ ok: false, kind: 'notFound' });
    await expectRecounted();
  });

  it('leaves every score and reputation equal to a recount under any interleaving', async () => {
    const random = (n: number) => Math.floor(Math.random() * n);
    const later = <T>(work: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => void work().then(resolve, reject), random(25)));
    const outcomes: { kind: string; ok: boolean; failure?: string }[] = [];
    const thrown: unknown[] = [];
    for (let round = 0; round < 10; round++) {
      const [victim, o1, o2, o3, o4] = await Promise.all(['victim', 'o', 'o', 'o', 'o'].map(newUser));
      const [mine, theirs, third] = [await ask(victim!), await ask(o1!), await ask(o3!)];
      const [answerToMine, answerByOther, answerByVictim] = [
        await answer(mine, o4!),
        await answer(theirs, o2!),
        await answer(theirs, victim!),
      ];
      const others = [o1!, o2!, o3!, o4!];
      const votedByVictim = [
        { post: 'question', id: theirs },
        { post: 'question', id: third },
        { post: 'answer', id: answerByOther },
        { post: 'answer', id: answerToMine },
      ] as const;
      const victimsPosts = [
        { post: 'question', id: mine },
        { post: 'answer', id: answerByVictim },
      ] as const;
      const value = () => (random(2) ? 1 : -1);
      for (const target of votedByVictim) await castVote(database.db, { ...target, userId: victim!, value: value() });
      for (const target of victimsPosts) await castVote(database.db, { ...target, userId: o1!, value: 1 });
      const track = (kind: string, work: () => Promise<{ ok: boolean; kind?: string }>) =>
        later(work).then(
          (result) => void outcomes.push({ kind, ok: result.ok, failure: result.kind }),
          (error: unknown) => void thrown.push(error),
        );
      const deletion = track('deletion', () => deleteAccount(database.db, victim!));
      await Promise.all([
        deletion,
        // One vote surely after the deletion, beside those that race it.
        deletion.then(() =>
          track('victim votes', () => castVote(database.db, { ...votedByVictim[0], userId: victim!, value: 1 })),
        ),
        ...Array.from({ length: 6 }, () =>
          track('victim votes', () =>
            castVote(database.db, { ...votedByVictim[random(4)]!, userId: victim!, value: value() }),
          ),
        ),
        ...Array.from({ length: 8 }, () =>
          track('votes on the victim’s posts', () =>
            castVote(database.db, { ...victimsPosts[random(2)]!, userId: others[random(4)]!, value: value() }),
          ),
        ),
        // o4 wrote only the answer to the victim's question: it votes beside the victim on the others' posts.
        ...Array.from({ length: 4 }, () =>
          track('votes beside', () =>
            castVote(database.db, { ...votedByVictim[random(3)]!, userId: o4!, value: value() }),
          ),
        ),
        ...Array.from({ length: 2 }, () =>
          track('victim accepts', () =>
            acceptAnswer(database.db, { questionId: mine, answerId: answerToMine, userId: victim! }),
          ),
        ),
      ]);
      await expectRecounted();
    }
    expect(thrown).toEqual([]);
    expect(outcomes.filter((o) => o.kind === 'deletion' && !o.ok)).toEqual([]);
    const refusals = (kind: string) => [
      ...new Set(outcomes.filter((o) => o.kind === kind && !o.ok).map((o) => o.failure)),
    ];
    // After the deletion its votes are refused as from nobody signed in, its accepts as on a question it no longer asks.
    expect(refusals('victim votes')).toEqual(['unauthenticated']);
    // The rounds did interleave: some of the victim's votes came before its deletion.
    expect(outcomes.filter((o) => o.kind === 'victim votes' && o.ok).length).toBeGreaterThan(0);
    for (const failure of refusals('victim accepts')) expect(failure).toBe('forbidden');
    expect([...refusals('votes on the victim’s posts'), ...refusals('votes beside')]).toEqual([]);
  }, 120_000);
});
