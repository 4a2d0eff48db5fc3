/**
 * How live events change an open question page, one page of its answers (SPEC §4 meanings):
 * votes replace the vote lists (the score moves by the change of up minus down, keeping an
 * imported post's base); questionUpdate and a question's commentUpdate replace the question's
 * own fields, an answer's commentUpdate that answer's; bodiesUpdate adds the server-rendered HTML
 * of new or edited bodies. The page keeps its own answers and comments (issue 39 item 3): an
 * event's lists say which of them are gone and bring a comment only once its HTML has come; a new
 * answer (answerUpdate) is counted, and shown when this page is where it lands; answerDelete
 * takes one away. Answers keep the page's order.
 */
import {
  ANSWERS_PER_PAGE,
  type AnswerSort,
  type Comment,
  type PageComment,
  type PageQuestion,
  type Question,
} from '@fso/shared';
import { orderAnswers } from '../qa/answer-order.ts';
import type { Deltas } from './useLive.ts';

export interface QuestionView {
  question: PageQuestion;
  html: Record<string, string>;
  /** How many answers the question has (the page shows one page of them). */
  answerCount: number;
  /** Its author deleted it while the page was open. */
  deleted: boolean;
}

type Voted = { upVotes: string[]; downVotes: string[]; score: number };

/** The post with new vote lists, its score moved by the change. */
export function revoted<P extends Voted>(post: P, upVotes: string[], downVotes: string[]): P {
  const score = post.score - (post.upVotes.length - post.downVotes.length) + (upVotes.length - downVotes.length);
  return { ...post, upVotes, downVotes, score };
}

/** A post's comments as an event lists them, without their text, keeping those the page shows and those whose HTML has come. */
function commentsOf(event: Comment[], shown: PageComment[], html: Record<string, string>): PageComment[] {
  const had = new Set(shown.map((c) => c._id));
  return event.filter((c) => had.has(c._id) || Object.hasOwn(html, `c${c._id}`)).map(({ text: _text, ...c }) => c);
}

export function questionDeltas(qid: string, sort: AnswerSort, page: number): Deltas<QuestionView> {
  const ordered = (view: QuestionView, question: PageQuestion): QuestionView => ({
    ...view,
    question: { ...question, answers: orderAnswers(question.answers, question.acceptedAnswer, sort) },
  });
  const mine = (id: string) => id === qid;
  // The question's own fields from a whole question, its comments as commentsOf keeps them.
  const withHead = (view: QuestionView, { text: _text, answers: _answers, comments, ...head }: Question) =>
    ordered(view, { ...view.question, ...head, comments: commentsOf(comments, view.question.comments, view.html) });
  // Where a new answer lands: after every other in the score and oldest orders, first in the newest.
  const landsHere = (view: QuestionView) =>
    sort === 'newest' ? page === 1 : view.answerCount < page * ANSWERS_PER_PAGE;
  return {
    bodiesUpdate: (view, p) => (mine(p.qid) ? { ...view, html: { ...view.html, ...p.html } } : view),
    questionUpdate: (view, q) => (mine(q._id) ? withHead(view, q) : view),
    viewsUpdate: (view, q) =>
      mine(q._id) ? { ...view, question: { ...view.question, viewCount: q.viewCount, views: q.views } } : view,
    voteUpdate: (view, p) =>
      mine(p.qid) ? { ...view, question: revoted(view.question, p.upVotes, p.downVotes) } : view,
    answerVoteUpdate: (view, p) =>
      mine(p.qid)
        ? ordered(view, {
            ...view.question,
            answers: view.question.answers.map((a) =>
              a._id === p.aid ? { ...a, upVotes: p.upVotes, downVotes: p.downVotes, score: p.score } : a,
            ),
          })
        : view,
    acceptUpdate: (view, p) => (mine(p.qid) ? ordered(view, { ...view.question, acceptedAnswer: p.aid }) : view),
    answerUpdate: (view, p) => {
      if (!mine(p.qid) || view.question.answers.some((a) => a._id === p.answer._id)) return view;
      const counted = { ...view, answerCount: view.answerCount + 1 };
      if (!landsHere(view)) return counted;
      const { text: _text, ...answer } = p.answer;
      const next = ordered(counted, {
        ...view.question,
        answers: [...view.question.answers, { ...answer, comments: [] }],
      });
      return { ...next, question: { ...next.question, answers: next.question.answers.slice(0, ANSWERS_PER_PAGE) } };
    },
    answerDelete: (view, p) =>
      mine(p.qid)
        ? {
            ...view,
            answerCount: Math.max(0, view.answerCount - 1),
            question: { ...view.question, answers: view.question.answers.filter((a) => a._id !== p.aid) },
          }
        : view,
    commentUpdate: (view, p) => {
      if (p.type === 'question') return mine(p.result._id) ? withHead(view, p.result) : view;
      if (!mine(p.result.qid)) return view;
      const { qid: _parent, text: _text, comments, ...answer } = p.result;
      return {
        ...view,
        question: {
          ...view.question,
          answers: view.question.answers.map((a) =>
            a._id === answer._id ? { ...a, ...answer, comments: commentsOf(comments, a.comments, view.html) } : a,
          ),
        },
      };
    },
    questionDelete: (view, p) => (mine(p.qid) ? { ...view, deleted: true } : view),
  };
}
