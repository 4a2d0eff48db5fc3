/**
 * Question reads that are not one question's page: the question list (search, tag, order,
 * paging; in the REST shape or the /home screen's, whose search results carry an excerpt), the
 * ids a sitemap lists, and which question an answer belongs to.
 */
import * as db from '@fso/db';
import { excerpter, MSG, searchTerms } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** One page of questions in the list shape, each as its JSON text, with the total (a lower bound when `totalCapped`). */
export const questionPage = (ports: Ports, query: db.QuestionListQuery): Promise<db.QuestionPage<string>> =>
  db.listQuestionsJson(ports.db, query);

/** /home's page: the question list and, for a search's words, each listed question's excerpt as text (the page marks the matches). */
export type QuestionListScreen = db.QuestionPage<db.QuestionListItem> & { excerpts: Record<string, string> | null };

/**
 * The same page with only what the /home screen shows of each question (no lists of answers,
 * comments, voters or viewers); a search's results also with the text around each one's first
 * match (docs/decisions/0023), read from the start of its text that the page's statement returns.
 */
export async function questionListPage(ports: Ports, query: db.QuestionListQuery): Promise<QuestionListScreen> {
  const terms = searchTerms(query.search ?? '');
  if (terms.length === 0) return { ...(await db.listQuestionItems(ports.db, query)), excerpts: null };
  const page = await db.listSearchItems(ports.db, query);
  if (page.questions.length === 0) return { ...page, questions: [], excerpts: null };
  const excerpts: Record<string, string> = {};
  const excerpt = excerpter(terms);
  const questions = page.questions.map(({ item, textStart }) => {
    excerpts[item._id] = excerpt(textStart);
    return item;
  });
  return { ...page, questions, excerpts };
}

/** The most recently active questions' ids with their last activity, newest first. */
export const recentlyActiveQuestions = (ports: Ports, limit: number): Promise<{ id: number; lastActivity: string }[]> =>
  db.listRecentlyActiveQuestionIds(ports.db, limit);

/** The id of the question an answer belongs to, or notFound. */
export async function questionOfAnswer(ports: Ports, answerId: number): Promise<Result<number>> {
  const qid = await db.questionIdOfAnswer(ports.db, answerId);
  return qid === null ? fail('notFound', MSG.answerNotFound) : succeed(qid);
}
