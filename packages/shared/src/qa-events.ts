/**
 * Live Q&A events (SPEC §4): questionUpdate, answerUpdate, viewsUpdate, commentUpdate, voteUpdate;
 * beside them (issue 17) answerVoteUpdate, acceptUpdate and questionDelete, and (issue 16)
 * bodiesUpdate, the rendered HTML a question page shows for the bodies an event adds or changes.
 */
import type { Answer, Question } from './entities.ts';

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
