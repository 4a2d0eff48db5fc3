/**
 * Live Q&A events (SPEC §4): questionUpdate, answerUpdate, viewsUpdate, commentUpdate, voteUpdate;
 * beside them (issue 17) answerVoteUpdate, acceptUpdate and questionDelete, and (issue 16)
 * bodiesUpdate, the rendered HTML a question page shows for the bodies an event adds or changes;
 * (issue 39) rowUpdate and questionAsked, what list pages receive, and answerDelete.
 */
import type { Answer, Question, Tag } from './entities.ts';

/** A question with how many answers it has (its `answers` may be the first of them: question-page.ts). */
export type CountedQuestion = Question & { answerCount: number };

/**
 * What a question list's row shows of a question: what list pages receive of its changes instead
 * of the whole question (issue 39 item 8).
 */
export interface QuestionRow {
  _id: string;
  title: string;
  tags: Tag[];
  askDateTime: string;
  answerCount: number;
  acceptedAnswer: string | null;
  score: number;
  viewCount: number;
}

export interface AnswerUpdatePayload {
  qid: string;
  answer: Answer;
}

export type CommentUpdatePayload =
  { type: 'question'; result: Question } | { type: 'answer'; result: Answer & { qid: string } };

export interface VoteUpdatePayload {
  qid: string;
  upVotes: string[];
  downVotes: string[];
}

/** An answer's votes changed (POST /answer/upvoteAnswer, downvoteAnswer). */
export interface AnswerVoteUpdatePayload {
  qid: string;
  aid: string;
  upVotes: string[];
  downVotes: string[];
  score: number;
}

/** The accepted answer of a question changed; `aid` null: none is accepted now. */
export interface AcceptUpdatePayload {
  qid: string;
  aid: string | null;
}

/** Sanitised HTML of new or edited bodies, keyed as the question page keys them (`q`, `a<id>`, `c<id>`). */
export interface BodiesUpdatePayload {
  qid: string;
  html: Record<string, string>;
}

export interface QaServerEvents {
  questionUpdate: (question: Question) => void;
  /** A question's row changed (answered, edited, viewed): to the list pages that show it. */
  rowUpdate: (row: QuestionRow) => void;
  /** A question was asked: to every list page, for its "new questions" bar and the tags' counts. */
  questionAsked: (row: QuestionRow) => void;
  answerUpdate: (payload: AnswerUpdatePayload) => void;
  viewsUpdate: (question: Question) => void;
  commentUpdate: (payload: CommentUpdatePayload) => void;
  voteUpdate: (payload: VoteUpdatePayload) => void;
  answerVoteUpdate: (payload: AnswerVoteUpdatePayload) => void;
  acceptUpdate: (payload: AcceptUpdatePayload) => void;
  /** An answer is gone (deleted by its author): sent to its question's page (SPEC clients get questionUpdate). */
  answerDelete: (payload: { qid: string; aid: string }) => void;
  /** The question is gone (deleted by its author). */
  questionDelete: (payload: { qid: string }) => void;
  /** Sent to the question's page just before the event whose bodies it renders. */
  bodiesUpdate: (payload: BodiesUpdatePayload) => void;
}
