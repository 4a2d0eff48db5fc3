/**
 * The REST paths of issue 17 as a client calls them: answer votes, accept, edit with
 * revisions, deletions and user activity — statuses, messages, what the database then holds,
 * and the live events published.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getQuestion, insertAnswer, insertComment, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, SUGGEST_MSG, type Question, type Revision, type SafeUser, type UserActivity } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import * as upvoteAnswer from '../routes/answer.upvoteAnswer.ts';
import * as downvoteAnswer from '../routes/answer.downvoteAnswer.ts';
import * as upvoteQuestion from '../routes/question.upvoteQuestion.ts';
import * as acceptRoute from '../routes/question.acceptAnswer.ts';
import * as editQuestionRoute from '../routes/question.editQuestion.$qid.ts';
import * as editAnswerRoute from '../routes/answer.editAnswer.$aid.ts';
import * as questionRevisions from '../routes/question.getRevisions.$qid.ts';
import * as answerRevisions from '../routes/answer.getRevisions.$aid.ts';
import * as deleteQuestionRoute from '../routes/question.deleteQuestion.$qid.ts';
import * as deleteAnswerRoute from '../routes/answer.deleteAnswer.$aid.ts';
import * as deleteCommentRoute from '../routes/comment.deleteComment.$cid.ts';
import * as activityRoute from '../routes/user.getUserActivity.$username.ts';
import * as usersRoute from '../routes/user.getUsers.ts';
import * as revisionsPage from '../routes/_app.revisions.$kind.$id.tsx';
import { startSession } from './session.server.ts';

let database: Database;
const cookie: Record<string, string> = {};
const uid: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { context } = testContext(database);
  for (const name of ['alice', 'bob', 'carol']) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    uid[name] = Number(user._id);
    cookie[name] = (await startSession(context, Number(user._id))).split(';')[0]!;
  }
});
afterAll(() => database.close());

type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => Promise<Response> | Response;

async function call(
  handler: Handler,
  opts: { as?: string; body?: unknown; method?: string; params?: Record<string, string>; query?: string },
) {
  const { context, recorded } = testContext(database);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.as) headers.Cookie = cookie[opts.as]!;
  const method = opts.method ?? 'POST';
  const request = new Request(`http://test/x${opts.query ?? ''}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
  });
  let response: Response;
  try {
    response = await handler({ request, context, params: opts.params ?? {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const text = await response.text();
  return { status: response.status, text, json: <T = unknown>() => JSON.parse(text) as T, recorded };
}

const reputation = async (name: string) => {
  const res = await call(activityRoute.loader, { as: name, method: 'GET', params: { username: name } });
  return res.json<UserActivity>().reputation;
};

/** alice asks, bob answers: the ids. */
async function thread(title = 'How do I test votes?') {
  const qid = await insertQuestion(database.db, { title, text: 'Question body', tags: ['votes'], askedBy: uid.alice! });
  const aid = (await insertAnswer(database.db, { questionId: qid, text: 'Answer body', ansBy: uid.bob! }))!.answerId;
  return { qid: String(qid), aid: String(aid) };
}

describe('answer votes', () => {
  it('toggles and switches, answers {aid, upVotes, downVotes}, publishes answerVoteUpdate', async () => {
    const { qid, aid } = await thread();
    const up = await call(upvoteAnswer.action, { as: 'alice', body: { aid } });
    expect(up.status).toBe(200);
    expect(up.json()).toEqual({ aid, upVotes: ['alice'], downVotes: [] });
    expect(up.recorded.events).toEqual([
      { event: 'answerVoteUpdate', args: [{ qid, aid, upVotes: ['alice'], downVotes: [], score: 1 }] },
    ]);
    expect((await call(downvoteAnswer.action as Handler, { as: 'alice', body: { aid } })).json()).toEqual({
      aid,
      upVotes: [],
      downVotes: ['alice'],
    });
    expect((await call(downvoteAnswer.action as Handler, { as: 'alice', body: { aid } })).json()).toEqual({
      aid,
      upVotes: [],
      downVotes: [],
    });
  });

  it('refuses your own post (403, questions too), unknown ids (404), bad ids (400), no session (401)', async () => {
    const { qid, aid } = await thread();
    expect(await call(upvoteAnswer.action as Handler, { as: 'bob', body: { aid } })).toMatchObject({
      status: 403,
      text: MSG.ownVote,
    });
    expect(
      await call(upvoteQuestion.action as Handler, { as: 'alice', body: { qid, username: 'alice' } }),
    ).toMatchObject({ status: 403, text: 'You cannot vote on your own post' });
    expect(await call(upvoteAnswer.action as Handler, { as: 'alice', body: { aid: '999999' } })).toMatchObject({
      status: 404,
      text: MSG.answerNotFound,
    });
    expect(await call(upvoteAnswer.action as Handler, { as: 'alice', body: { aid: 'x' } })).toMatchObject({
      status: 400,
      text: MSG.invalidId,
    });
    expect((await call(upvoteAnswer.action as Handler, { body: { aid } })).status).toBe(401);
    expect((await getQuestion(database.db, Number(qid)))!.answers[0]).toMatchObject({
      upVotes: [],
      downVotes: [],
      score: 0,
    });
    expect((await getQuestion(database.db, Number(qid)))!.upVotes).toEqual([]);
  });

  it('counts each voter once when one user votes many times at once', async () => {
    const { aid } = await thread();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(upvoteAnswer.action as Handler, { as: 'carol', body: { aid } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = (await call(upvoteAnswer.action, { as: 'alice', body: { aid } })).json<{ upVotes: string[] }>();
    expect(final.upVotes).toEqual(['alice']);
  });
});

describe('accepting an answer', () => {
  it('only the asker; the same answer again un-accepts; reputation +15 and +2 with the upvote', async () => {
    const { qid, aid } = await thread();
    const before = { alice: await reputation('alice'), bob: await reputation('bob') };
    await call(upvoteAnswer.action, { as: 'alice', body: { aid } });
    expect(await call(acceptRoute.action as Handler, { as: 'bob', body: { qid, aid } })).toMatchObject({
      status: 403,
      text: MSG.onlyAskerAccepts,
    });
    const accepted = await call(acceptRoute.action, { as: 'alice', body: { qid, aid } });
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toEqual({ qid, acceptedAnswer: aid });
    // The page's event, and bob's inbox count (his answer was accepted), to him alone.
    expect(accepted.recorded.events).toEqual([
      { event: 'acceptUpdate', args: [{ qid, aid }] },
      {
        event: 'notificationUpdate',
        args: [
          { unread: 1, latest: expect.objectContaining({ kind: 'accepted', actor: 'alice' }) },
          { room: 'user:bob' },
        ],
      },
    ]);
    expect(await reputation('bob')).toBe(before.bob + 25);
    expect(await reputation('alice')).toBe(before.alice + 2);
    expect((await call(acceptRoute.action as Handler, { as: 'alice', body: { qid, aid } })).json()).toEqual({
      qid,
      acceptedAnswer: null,
    });
    expect(await reputation('bob')).toBe(before.bob + 10);
    expect((await getQuestion(database.db, Number(qid)))!.acceptedAnswer).toBeNull();
  });

  it('answers 404 for an unknown question or an answer of another question, 400 for bad ids, 401 without a session', async () => {
    const { qid, aid } = await thread();
    const other = await thread('Another question');
    expect(await call(acceptRoute.action as Handler, { as: 'alice', body: { qid: '999999', aid } })).toMatchObject({
      status: 404,
      text: MSG.questionNotFound,
    });
    expect(await call(acceptRoute.action as Handler, { as: 'alice', body: { qid, aid: other.aid } })).toMatchObject({
      status: 404,
      text: MSG.answerNotOfQuestion,
    });
    expect(await call(acceptRoute.action as Handler, { as: 'alice', body: { qid } })).toMatchObject({
      status: 400,
      text: MSG.invalidId,
    });
    expect((await call(acceptRoute.action as Handler, { body: { qid, aid } })).status).toBe(401);
    expect((await getQuestion(database.db, Number(qid)))!.acceptedAnswer).toBeNull();
  });

  it('leaves one accepted answer after concurrent accepts', async () => {
    const { qid } = await thread();
    const more = await Promise.all(
      [1, 2, 3].map((n) =>
        insertAnswer(database.db, { questionId: Number(qid), text: `More ${n}`, ansBy: uid.carol! }).then(
          (a) => a!.answerId,
        ),
      ),
    );
    const results = await Promise.all(
      more.map((aid) => call(acceptRoute.action as Handler, { as: 'alice', body: { qid, aid: String(aid) } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const accepted = (await getQuestion(database.db, Number(qid)))!.acceptedAnswer;
    expect(more.map(String)).toContain(accepted);
  });
});

describe('editing', () => {
  it('edits a question with the ask rules, keeps a revision, re-renders and announces it', async () => {
    const { qid } = await thread('Before the edit');
    const params = { qid };
    const patch = (as: string | undefined, body: unknown) =>
      call(editQuestionRoute.action, { as, body, method: 'PATCH', params });
    expect((await patch(undefined, { title: 'x', text: 'y', tags: ['z'] })).status).toBe(401);
    // Another user's edit waits for review (issue 41): nothing changes yet.
    expect((await patch('bob', { title: 'Hijack', text: 'y', tags: ['z'] })).json()).toEqual({
      suggestedEdit: expect.any(String),
      message: SUGGEST_MSG.submitted,
    });
    expect(await patch('alice', { title: '', text: 'y', tags: ['z'] })).toMatchObject({
      status: 400,
      text: MSG.titleEmpty,
    });
    expect(await patch('alice', { title: 'ok', text: 'y', tags: [] })).toMatchObject({
      status: 400,
      text: MSG.tagsMin,
    });
    expect(await patch('alice', { title: 'ok', text: 'see [x](http://a)', tags: ['z'] })).toMatchObject({
      status: 400,
      text: MSG.invalidHyperlink,
    });
    expect(
      (
        await call(editQuestionRoute.action as Handler, {
          as: 'alice',
          body: { title: 'ok', text: 'y', tags: ['z'] },
          method: 'PATCH',
          params: { qid: '999999' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(editQuestionRoute.action as Handler, { as: 'alice', body: {}, method: 'POST', params })).status,
    ).toBe(405);
    expect((await getQuestion(database.db, Number(qid)))!.title).toBe('Before the edit');

    const edited = await patch('alice', {
      title: 'After the edit',
      text: 'Now **bold**',
      tags: [{ name: 'edited' }, { name: 'votes' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({
      _id: qid,
      title: 'After the edit',
      text: 'Now **bold**',
      tags: [{ name: 'edited' }, { name: 'votes' }],
      editedAt: expect.any(String),
    });
    expect(edited.recorded.events.map((e) => e.event)).toEqual(['bodiesUpdate', 'questionUpdate', 'rowUpdate']);
    const html = await database.db.execute<{ html: string }>(`SELECT html FROM questions WHERE id = ${Number(qid)}`);
    expect(html.rows[0]!.html).toContain('<strong>bold</strong>');
    const jobs = await database.db.execute<{ n: number }>(
      `SELECT count(*)::int AS n FROM embedding_jobs WHERE question_id = ${Number(qid)}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);

    const revisions = await call(questionRevisions.loader, { as: 'carol', method: 'GET', params });
    expect(revisions.status).toBe(200);
    expect(revisions.json<Revision[]>()).toMatchObject([
      {
        editedBy: 'alice',
        title: 'Before the edit',
        text: 'Question body',
        tags: ['votes'],
        editedAt: expect.any(String),
      },
    ]);
    expect((await call(questionRevisions.loader as Handler, { method: 'GET', params })).status).toBe(401);
    expect(
      (await call(questionRevisions.loader as Handler, { as: 'carol', method: 'GET', params: { qid: '999999' } }))
        .status,
    ).toBe(404);
  });

  it('edits an answer with the answer rules (others suggest); concurrent edits each leave a revision', async () => {
    const { aid } = await thread();
    const patch = (as: string, text: unknown) =>
      call(editAnswerRoute.action, { as, body: { text }, method: 'PATCH', params: { aid } });
    expect((await patch('alice', 'not mine')).json()).toMatchObject({ message: SUGGEST_MSG.submitted });
    expect(await patch('bob', '   ')).toMatchObject({ status: 400, text: MSG.answerEmpty });
    const results = await Promise.all(['one', 'two', 'three'].map((t) => patch('bob', `Edit ${t}`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[0]!.json()).toMatchObject({ _id: aid, ansBy: 'bob', editedAt: expect.any(String) });
    const revisions = (await call(answerRevisions.loader, { as: 'alice', method: 'GET', params: { aid } })).json<
      Revision[]
    >();
    expect(revisions).toHaveLength(3);
    expect(revisions.at(-1)).toMatchObject({ editedBy: 'bob', text: 'Answer body' });

    // The revisions screen diffs each edit against the version after it, newest first.
    const { context } = testContext(database);
    const page = await revisionsPage.loader({
      request: new Request('http://test/revisions'),
      context,
      params: { kind: 'answer', id: aid },
    });
    expect(page.edits).toHaveLength(3);
    const first = page.edits.at(-1)!.diff.text!;
    const side = (drop: number) =>
      first
        .filter(([kind]) => kind !== drop)
        .map(([, text]) => text)
        .join('');
    expect(side(1)).toBe('Answer body');
    expect(side(-1)).toBe(revisions.at(-2)!.text);
    expect(first).toContainEqual([-1, 'Answer']);
    expect(page.edits.at(-1)!.diff.title).toBeUndefined();
  });
});

describe('deleting', () => {
  it('refuses a question with answers by others (409), deletes it once they are gone', async () => {
    const { qid, aid } = await thread();
    const del = (as: string | undefined, id = qid) =>
      call(deleteQuestionRoute.action, { as, method: 'DELETE', params: { qid: id } });
    expect((await del(undefined)).status).toBe(401);
    expect(await del('bob')).toMatchObject({ status: 403, text: MSG.notYourPost });
    expect(await del('alice')).toMatchObject({ status: 409, text: MSG.questionHasAnswers });
    expect(
      await call(deleteAnswerRoute.action as Handler, { as: 'alice', method: 'DELETE', params: { aid } }),
    ).toMatchObject({ status: 403, text: MSG.notYourPost });
    const gone = await call(deleteAnswerRoute.action, { as: 'bob', method: 'DELETE', params: { aid } });
    expect(gone.status).toBe(200);
    expect(gone.json()).toEqual({ aid, qid });
    expect(gone.recorded.events.map((e) => e.event)).toEqual(['answerDelete', 'questionUpdate', 'rowUpdate']);
    expect(gone.recorded.events[0]!.args[0]).toEqual({ qid, aid });
    expect((gone.recorded.events[1]!.args[0] as Question).answers).toEqual([]);
    const deleted = await del('alice');
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ qid });
    expect(deleted.recorded.events).toEqual([{ event: 'questionDelete', args: [{ qid }] }]);
    expect(await getQuestion(database.db, Number(qid))).toBeNull();
    expect(await del('alice')).toMatchObject({ status: 404, text: MSG.questionNotFound });
    expect((await del('alice', 'abc')).status).toBe(400);
  });

  it('deletes a comment by its author only', async () => {
    const { qid } = await thread();
    const { commentId } = (await insertComment(database.db, {
      parent: 'question',
      parentId: Number(qid),
      text: 'A comment',
      commentBy: uid.carol!,
    }))!;
    const del = (as: string) =>
      call(deleteCommentRoute.action, { as, method: 'DELETE', params: { cid: String(commentId) } });
    expect(await del('alice')).toMatchObject({ status: 403, text: MSG.notYourPost });
    const ok = await del('carol');
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ cid: String(commentId) });
    expect(ok.recorded.events.map((e) => e.event)).toEqual(['commentUpdate']);
    expect((await getQuestion(database.db, Number(qid)))!.comments).toEqual([]);
    expect(await del('carol')).toMatchObject({ status: 404, text: MSG.commentNotFound });
  });
});

describe('user activity', () => {
  it('shows reputation and the questions and answers with scores, paged; 404 for nobody, 401 without a session', async () => {
    const { aid } = await thread('Activity question');
    await call(upvoteAnswer.action, { as: 'carol', body: { aid } });
    const res = await call(activityRoute.loader, {
      as: 'carol',
      method: 'GET',
      params: { username: 'bob' },
      query: '?limit=1',
    });
    expect(res.status).toBe(200);
    const activity = res.json<UserActivity>();
    expect(activity).toMatchObject({
      username: 'bob',
      reputation: expect.any(Number),
      biography: '',
      dateJoined: expect.any(String),
    });
    expect(activity.answers.items).toEqual([
      {
        _id: aid,
        qid: expect.any(String),
        title: 'Activity question',
        score: 1,
        accepted: false,
        ansDateTime: expect.any(String),
      },
    ]);
    expect(activity.answers.total).toBeGreaterThan(1);
    const second = (
      await call(activityRoute.loader, {
        as: 'carol',
        method: 'GET',
        params: { username: 'bob' },
        query: '?limit=1&aoffset=1',
      })
    ).json<UserActivity>();
    expect(second.answers.items[0]!._id).not.toBe(aid);
    expect(
      await call(activityRoute.loader as Handler, { as: 'carol', method: 'GET', params: { username: 'nobody' } }),
    ).toMatchObject({ status: 404, text: MSG.userNotFound });
    expect((await call(activityRoute.loader as Handler, { method: 'GET', params: { username: 'bob' } })).status).toBe(
      401,
    );
  });
});

describe('the users list by reputation', () => {
  it('keeps name order by default and sorts by reputation on request, paged by offset', async () => {
    // By now the tests above have given bob the most reputation (answers upvoted and accepted).
    const names = (query: string) =>
      call(usersRoute.loader as Handler, { as: 'alice', method: 'GET', query }).then((r) => r.json<SafeUser[]>());
    expect((await names('')).map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
    const byRep = await names('?sort=reputation');
    expect(byRep.map((u) => u.reputation)).toEqual([...byRep.map((u) => u.reputation)].sort((a, b) => b! - a!));
    expect(byRep[0]).toMatchObject({ username: 'bob' });
    expect(byRep[0]!.reputation).toBeGreaterThan(byRep[2]!.reputation!);
    expect((await names('?sort=reputation&limit=1&offset=1')).map((u) => u.username)).toEqual([byRep[1]!.username]);
  });
});
