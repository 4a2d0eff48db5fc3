/**
 * Question reads that are not one question's page: the question list (search, tag, order,
 * paging; in the REST shape or the /home screen's), the ids a sitemap lists, and which question
 * an answer belongs to.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** One page of questions in the list shape, with the total (a lower bound when `totalCapped`). */
export const questionPage = (ports: Ports, query: db.QuestionListQuery): Promise<db.QuestionPage> => db.listQuestions(ports.db, query);

/** The same page with only what the /home screen shows of each question (no lists of answers, comments, voters or viewers). */
export const questionListPage = (ports: Ports, query: db.QuestionListQuery): Promise<db.QuestionPage<db.QuestionListItem>> => db.listQuestionItems(ports.db, query);

/** The most recently active questions' ids with their last activity, newest first. */
export const recentlyActiveQuestions = (ports: Ports, limit: number): Promise<{ id: number; lastActivity: string }[]> => db.listRecentlyActiveQuestionIds(ports.db, limit);

/** The id of the question an answer belongs to, or notFound. */
export async function questionOfAnswer(ports: Ports, answerId: number): Promise<Result<number>> {
  const qid = await db.questionIdOfAnswer(ports.db, answerId);
  return qid === null ? fail('notFound', MSG.answerNotFound) : succeed(qid);
}
