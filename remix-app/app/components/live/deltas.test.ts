import { describe, expect, it } from 'vitest';
import type { Answer, Notification, Question, QuestionRow } from '@fso/shared';
import { inboxDeltas, type InboxView } from './inbox-deltas.ts';
import { listDeltas } from './list-deltas.ts';
import { questionDeltas, type QuestionView } from './question-deltas.ts';
import { tagDeltas, type TagListView } from './tag-deltas.ts';
import { userDeltas } from './user-deltas.ts';

const answer = (id: string, score = 0): Answer => ({
  _id: id,
  text: 't',
  ansBy: 'bo',
  ansDateTime: new Date(Number(id) * 1000).toISOString(),
  comments: [],
  upVotes: [],
  downVotes: [],
  score,
  editedAt: null,
});
const question = (over: Partial<Question> = {}): Question => ({
  _id: '5',
  title: 'T',
  text: 'x',
  tags: [{ _id: '1', name: 'js', description: '' }],
  askedBy: 'al',
  askDateTime: new Date(1000).toISOString(),
  answers: [answer('1', 2), answer('2')],
  comments: [],
  upVotes: [],
  downVotes: [],
  views: [],
  viewCount: 3,
  score: 10,
  source: null,
  acceptedAnswer: null,
  editedAt: null,
  lastActivity: new Date(1000).toISOString(),
  ...over,
});

/** The row list pages receive of `question()` (packages/core's questionRow). */
const rowOf = (over: Partial<Question> = {}, answerCount = 2): QuestionRow => {
  const { _id, title, tags, askDateTime, acceptedAnswer, score, viewCount } = question(over);
  return { _id, title, tags, askDateTime, answerCount, acceptedAnswer, score, viewCount };
};

describe('question page deltas', () => {
  const d = questionDeltas('5', 'score', 1);
  const view: QuestionView = { question: question(), html: { q: '<p>x</p>' }, answerCount: 2, deleted: false };

  it('moves the score by the change of votes, keeping an imported base', () => {
    const next = d.voteUpdate!(view, { qid: '5', upVotes: ['me'], downVotes: [] });
    expect(next.question.score).toBe(11);
    expect(d.voteUpdate!(next, { qid: '5', upVotes: [], downVotes: ['me'] }).question.score).toBe(9);
  });

  it('ignores other questions’ events', () => {
    expect(d.voteUpdate!(view, { qid: '6', upVotes: ['me'], downVotes: [] })).toBe(view);
  });

  it('appends a new answer once, with the HTML sent before it, in the page’s order', () => {
    const withHtml = d.bodiesUpdate!(view, { qid: '5', html: { a3: '<p>new</p>' } });
    const once = d.answerUpdate!(withHtml, { qid: '5', answer: answer('3', 5) });
    expect(once.question.answers.map((a) => a._id)).toEqual(['3', '1', '2']);
    expect(once.html.a3).toBe('<p>new</p>');
    expect(d.answerUpdate!(once, { qid: '5', answer: answer('3', 5) })).toBe(once);
  });

  it('puts an accepted answer first and replaces an answer’s comments', () => {
    const accepted = d.acceptUpdate!(view, { qid: '5', aid: '2' });
    expect(accepted.question.answers[0]!._id).toBe('2');
    // A comment's score (its upvotes, issue 42) comes with it.
    const comment = { _id: '7', text: 'c', commentBy: 'al', commentDateTime: new Date(0).toISOString(), score: 3 };
    const withHtml = d.bodiesUpdate!(accepted, { qid: '5', html: { c7: '<p>c</p>' } });
    const commented = d.commentUpdate!(withHtml, {
      type: 'answer',
      result: { ...answer('1', 2), comments: [comment], qid: '5' },
    });
    const { text: _text, ...shown } = comment;
    expect(commented.question.answers.find((a) => a._id === '1')!.comments).toEqual([shown]);
  });

  it('keeps its page of answers and its comments: an event brings only what it has the HTML of (issue 39 item 3)', () => {
    const comment = (id: string) => ({
      _id: id,
      text: 'c',
      commentBy: 'al',
      commentDateTime: new Date(0).toISOString(),
      score: 0,
    });
    const { text: _text, ...eight } = comment('8');
    const shown = { ...view, question: { ...view.question, comments: [eight] } };
    // A question's whole comment list: the shown one stays, one never shown is not added, a new one is once its HTML came.
    const next = d.commentUpdate!(d.bodiesUpdate!(shown, { qid: '5', html: { c10: '<p>c</p>' } }), {
      type: 'question',
      result: question({
        title: 'New title',
        answers: [answer('9')],
        comments: [comment('8'), comment('9'), comment('10')],
      }),
    });
    expect(next.question.title).toBe('New title');
    expect(next.question.comments.map((c) => c._id)).toEqual(['8', '10']);
    expect(next.question.answers.map((a) => a._id)).toEqual(['1', '2']);
    expect(
      d.questionUpdate!(next, question({ comments: [comment('10')] })).question.comments.map((c) => c._id),
    ).toEqual(['10']);
  });

  it('counts a new answer, showing it only on the page where it lands; answerDelete takes one away', () => {
    const full = { ...view, answerCount: 60 };
    const onPage2 = questionDeltas('5', 'score', 2);
    expect(onPage2.answerUpdate!(full, { qid: '5', answer: answer('3') })).toMatchObject({ answerCount: 61 });
    expect(onPage2.answerUpdate!(full, { qid: '5', answer: answer('3') }).question.answers).toHaveLength(2);
    const last = { ...view, answerCount: 32 };
    expect(onPage2.answerUpdate!(last, { qid: '5', answer: answer('3') }).question.answers).toHaveLength(3);
    expect(
      questionDeltas('5', 'newest', 2).answerUpdate!(last, { qid: '5', answer: answer('3') }).question.answers,
    ).toHaveLength(2);
    const gone = d.answerDelete!(view, { qid: '5', aid: '1' });
    expect(gone).toMatchObject({ answerCount: 1, question: { answers: [{ _id: '2' }] } });
  });

  it('says the question is gone', () => {
    expect(d.questionDelete!(view, { qid: '5' }).deleted).toBe(true);
  });
});

describe('list deltas', () => {
  const row = {
    _id: '5',
    title: 'T',
    tags: [{ _id: '1', name: 'js' }],
    answerCount: 0,
    acceptedAnswer: null as string | null,
    score: 0,
    viewCount: 1,
  };
  const view = { questions: [row], fresh: [] as string[] };

  it('patches a row’s counts and answers from the row an event carries (issue 39 item 8)', () => {
    const d = listDeltas<typeof row>({ since: 5000, tag: '', search: '' });
    expect(d.voteUpdate!(view, { qid: '5', upVotes: ['al', 'bo'], downVotes: ['cy'] }).questions[0]!.score).toBe(1);
    const next = d.rowUpdate!(view, rowOf({ title: 'New', viewCount: 4, score: 3 }, 7));
    expect(next.questions[0]).toEqual({ ...row, title: 'New', answerCount: 7, viewCount: 4, score: 3 });
    expect(d.rowUpdate!(view, { ...rowOf(), _id: '6' })).toBe(view);
  });

  it('counts questions asked since the list was read, only where the list would show them', () => {
    const newer = rowOf({ _id: '9', askDateTime: new Date(6000).toISOString() });
    const fresh = (scope: { since: number; tag: string; search: string }) =>
      listDeltas<typeof row>(scope).questionAsked!(view, newer).fresh;
    expect(fresh({ since: 5000, tag: '', search: '' })).toEqual(['9']);
    expect(fresh({ since: 5000, tag: 'go', search: '' })).toEqual([]);
    expect(fresh({ since: 5000, tag: '', search: 'x' })).toEqual([]);
    expect(fresh({ since: 7000, tag: '', search: '' })).toEqual([]);
  });
});

describe('user list deltas', () => {
  const user = { _id: '1', username: 'ann', biography: '', dateJoined: new Date(0).toISOString() };
  const d = userDeltas<typeof user>('an');
  it('replaces, removes, and counts new users the filter would list', () => {
    const view = { users: [user], fresh: [] };
    expect(d.userUpdate!(view, { user: { ...user, biography: 'hi' }, type: 'updated' }).users[0]!.biography).toBe('hi');
    expect(d.userUpdate!(view, { user, type: 'deleted' }).users).toEqual([]);
    expect(d.userUpdate!(view, { user: { ...user, _id: '2', username: 'Dan' }, type: 'created' }).fresh).toEqual(['2']);
    expect(d.userUpdate!(view, { user: { ...user, _id: '3', username: 'bob' }, type: 'created' }).fresh).toEqual([]);
  });
});

describe('tag list deltas', () => {
  const tag = (id: string, name: string, qcnt: number) => ({ _id: id, name, description: '', qcnt });
  const view: TagListView = { tags: [tag('1', 'js', 4), tag('2', 'go', 2)], total: 2, counted: [] };
  const asked = rowOf({
    _id: '9',
    askDateTime: new Date(6000).toISOString(),
    tags: [
      { _id: '2', name: 'Go', description: '' },
      { _id: '3', name: 'rust', description: '' },
    ],
  });

  it('counts a new question once for each of its tags, in place, and appends a new tag on the only page', () => {
    const d = tagDeltas({ since: 5000, onlyPage: true });
    const next = d.questionAsked!(view, asked);
    expect(next.tags.map((t) => [t.name, t.qcnt])).toEqual([
      ['js', 4],
      ['go', 3],
      ['rust', 1],
    ]);
    expect(next.total).toBe(3);
    expect(d.questionAsked!(next, { ...asked, answerCount: 1 })).toBe(next);
  });

  it('leaves tags it cannot place (other pages) and questions asked before the list was read', () => {
    expect(tagDeltas({ since: 5000, onlyPage: false }).questionAsked!(view, asked).tags.map((t) => t.qcnt)).toEqual([
      4, 3,
    ]);
    expect(tagDeltas({ since: 7000, onlyPage: true }).questionAsked!(view, asked)).toBe(view);
  });
});

describe('inbox deltas', () => {
  const note = (id: string, read = false): Notification => ({
    _id: id,
    kind: 'answer',
    actor: 'bo',
    excerpt: 'x',
    title: 'T',
    qid: '5',
    aid: '1',
    cid: null,
    chatId: null,
    link: '/question/5#answer-1',
    createdAt: new Date(Number(id) * 1000).toISOString(),
    read,
  });
  const view: InboxView = { notifications: [note('3'), note('2', true), note('1')], unread: 2, total: 3 };

  it('puts the new notification first on page 1, once, within the page size', () => {
    const d = inboxDeltas(1, 3);
    const next = d.notificationUpdate!(view, { unread: 3, latest: note('4') });
    expect(next.notifications.map((n) => n._id)).toEqual(['4', '3', '2']);
    expect([next.unread, next.total]).toEqual([3, 4]);
    const refreshed = d.notificationUpdate!(next, { unread: 3, latest: { ...note('2'), excerpt: 'again' } });
    expect(refreshed.notifications.map((n) => [n._id, n.read])).toEqual([
      ['2', false],
      ['4', false],
      ['3', false],
    ]);
    expect(refreshed.total).toBe(4);
  });

  it('marks read what was read (some, or all), and later pages take only reads and the count', () => {
    const d = inboxDeltas(1, 30);
    expect(d.notificationUpdate!(view, { unread: 1, read: ['3'] }).notifications.map((n) => n.read)).toEqual([
      true,
      true,
      false,
    ]);
    expect(d.notificationUpdate!(view, { unread: 0, read: 'all' }).notifications.every((n) => n.read)).toBe(true);
    const later = inboxDeltas(2, 3).notificationUpdate!(view, { unread: 3, latest: note('4') });
    expect(later).toEqual({ ...view, unread: 3 });
  });
});
