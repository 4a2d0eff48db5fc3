/**
 * How live events change an open question page (SPEC §4 meanings): votes replace the vote
 * lists (the score moves by the change of up minus down, keeping an imported post's base),
 * questionUpdate and a question's commentUpdate replace the question, an answer's
 * commentUpdate replaces that answer, answerUpdate appends an answer once, bodiesUpdate adds
 * the server-rendered HTML of new or edited bodies. Answers keep the page's order.
 */
import type { AnswerSort, PageQuestion } from '@fso/shared';
import { orderAnswers } from '../qa/answer-order.ts';
import type { Deltas } from './useLive.ts';

export interface QuestionView {
  question: PageQuestion;
  html: Record<string, string>;
  /** Its author deleted it while the page was open. */
  deleted: boolean;
}

type Voted = { upVotes: string[]; downVotes: string[]; score: number };

/** The post with new vote lists, its score moved by the change. */
export function revoted<P extends Voted>(post: P, upVotes: string[], downVotes: string[]): P {
  const score = post.score - (post.upVotes.length - post.downVotes.length) + (upVotes.length - downVotes.length);
  return { ...post, upVotes, downVotes, score };
}

export function questionDeltas(qid: string, sort: AnswerSort): Deltas<QuestionView> {
  const ordered = (view: QuestionView, question: PageQuestion): QuestionView => ({
    ...view,
    question: { ...question, answers: orderAnswers(question.answers, question.acceptedAnswer, sort) },
  });
  const mine = (id: string) => id === qid;
  return {
    bodiesUpdate: (view, p) => (mine(p.qid) ? { ...view, html: { ...view.html, ...p.html } } : view),
    questionUpdate: (view, q) => (mine(q._id) ? ordered(view, q) : view),
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
    answerUpdate: (view, p) =>
      mine(p.qid) && !view.question.answers.some((a) => a._id === p.answer._id)
        ? ordered(view, { ...view.question, answers: [...view.question.answers, p.answer] })
        : view,
    commentUpdate: (view, p) => {
      if (p.type === 'question') return mine(p.result._id) ? ordered(view, p.result) : view;
      if (!mine(p.result.qid)) return view;
      const { qid: _parent, ...answer } = p.result;
      return {
        ...view,
        question: { ...view.question, answers: view.question.answers.map((a) => (a._id === answer._id ? answer : a)) },
      };
    },
    questionDelete: (view, p) => (mine(p.qid) ? { ...view, deleted: true } : view),
  };
}
