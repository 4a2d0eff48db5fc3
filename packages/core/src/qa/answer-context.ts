/**
 * The question an answer form shows above its text (issue 42): title, tags, asker, time and the
 * body as HTML, read without its answers and without counting a view (the form is not a visit).
 */
import * as db from '@fso/db';
import { MSG, type PageQuestion } from '@fso/shared';
import { renderMarkdown } from '@fso/markdown';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

export interface QuestionToAnswer {
  question: Pick<PageQuestion, '_id' | 'title' | 'tags' | 'askedBy' | 'askDateTime'>;
  /** The question's body as sanitised HTML. */
  html: string;
}

/** The question alone: no answers, no comments. */
const QUESTION_ONLY: db.AnswerWindow = { sort: 'posted', offset: 0, limit: 0, comments: { question: 0, answer: 0 } };

export async function questionToAnswer(
  ports: Ports,
  { questionId }: { questionId: number },
): Promise<Result<QuestionToAnswer>> {
  const found = await db.getQuestionWithHtml(ports.db, questionId, QUESTION_ONLY);
  if (!found) return fail('notFound', MSG.questionNotFound);
  const { _id, title, tags, askedBy, askDateTime } = found.question;
  return succeed({
    question: { _id, title, tags, askedBy, askDateTime },
    html: found.html.q ?? renderMarkdown(found.unrendered.q ?? ''),
  });
}
