/** Live Q&A events (SPEC §4): questionUpdate, answerUpdate, viewsUpdate, commentUpdate, voteUpdate. */
import type { Answer, Question } from './entities.ts';

export interface AnswerUpdatePayload {
  qid: string;
  answer: Answer;
}

export type CommentUpdatePayload = { type: 'question'; result: Question } | { type: 'answer'; result: Answer & { qid: string } };

export interface VoteUpdatePayload {
  qid: string;
  upVotes: string[];
  downVotes: string[];
}

export interface QaServerEvents {
  questionUpdate: (question: Question) => void;
  answerUpdate: (payload: AnswerUpdatePayload) => void;
  viewsUpdate: (question: Question) => void;
  commentUpdate: (payload: CommentUpdatePayload) => void;
  voteUpdate: (payload: VoteUpdatePayload) => void;
}
