/**
 * What each audience receives when a question changes (issue 39 item 8, docs/decisions/0033): its
 * page and the SPEC clients (sockets that watch nothing) the question cut as REST's is
 * (question-size.ts), the list pages only the row they show (`rowUpdate`, or `questionAsked` to
 * every list page for a new question). A 60-byte answer used to send every list page the whole
 * question. A hidden question (issue 41: flagged, or held for review) is published to nobody.
 */
import type { CountedQuestion, QuestionRow } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { capQuestion } from './question-size.ts';

export function questionRow(q: CountedQuestion): QuestionRow {
  const { _id, title, tags, askDateTime, answerCount, acceptedAnswer, score, viewCount } = q;
  return { _id, title, tags, askDateTime, answerCount, acceptedAnswer, score, viewCount };
}

/** Publishes `question` as `event` to its page and SPEC clients, and its row as `rowEvent` to the lists; a hidden one to nobody. */
export function publishQuestion(
  ports: Ports,
  event: 'questionUpdate' | 'viewsUpdate',
  question: CountedQuestion & { hidden?: unknown },
  rowEvent: 'rowUpdate' | 'questionAsked' = 'rowUpdate',
): void {
  if (question.hidden) return;
  ports.events.toQa(event, capQuestion(question));
  ports.events.toQa(rowEvent, questionRow(question));
}
