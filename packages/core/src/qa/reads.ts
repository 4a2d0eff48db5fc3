/**
 * Question reads that are not one question's page: the question list (search, tag, order,
 * paging; in the REST shape or the /home screen's, whose search results carry an excerpt), the
 * ids a sitemap lists, and which question an answer belongs to.
 */
import * as db from '@fso/db';
import { excerpter, MSG, SEARCH_MSG, searchTerms } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { parseSearchQuery } from './search-query.ts';

/** The query with its search's operators read into filters (core's parseSearchQuery), or why they cannot be used. */
function withOperators(query: db.QuestionListQuery): Result<db.QuestionListQuery> {
  if (!query.search) return succeed(query);
  const parsed = parseSearchQuery(query.search);
  if (!parsed.ok) return parsed;
  return succeed({ ...query, search: parsed.value.text, filters: parsed.value.filters });
}

/** One page of questions in the list shape, each as its JSON text, with the total (a lower bound when `totalCapped`). */
export async function questionPage(
  ports: Ports,
  query: db.QuestionListQuery,
): Promise<Result<db.QuestionPage<string>>> {
  const parsed = withOperators(query);
  if (!parsed.ok) return parsed;
  // The REST list's items are questions (SPEC §3): answers are searched on the site's /home.
  if (parsed.value.filters?.is === 'answer') return fail('invalid', SEARCH_MSG.answersOnTheSite);
  return succeed(await db.listQuestionsJson(ports.db, parsed.value));
}

/** An answer as `is:answer`'s results list it, with the text around its first match. */
export type AnswerListItem = Omit<db.AnswerSearchItem, 'textStart'> & { excerpt: string };

/**
 * /home's page: the question list and, for a search's words, each listed question's excerpt as
 * text (the page marks the matches); with `is:answer`, the answers found instead (`questions`
 * is then empty and the total counts answers).
 */
export type QuestionListScreen = db.QuestionPage<db.QuestionListItem> & {
  excerpts: Record<string, string> | null;
  answers: AnswerListItem[] | null;
};

/**
 * The same page with only what the /home screen shows of each question (no lists of answers,
 * comments, voters or viewers); a search's results also with the text around each one's first
 * match (docs/decisions/0023), read from the start of its text that the page's statement returns.
 */
export async function questionListPage(ports: Ports, asked: db.QuestionListQuery): Promise<Result<QuestionListScreen>> {
  const parsed = withOperators(asked);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const terms = searchTerms(query.search ?? '');
  if (query.filters?.is === 'answer') return succeed(await answerListPage(ports, query, terms));
  if (terms.length === 0)
    return succeed({ ...(await db.listQuestionItems(ports.db, query)), excerpts: null, answers: null });
  const page = await db.listSearchItems(ports.db, query);
  if (page.questions.length === 0) return succeed({ ...page, questions: [], excerpts: null, answers: null });
  const excerpts: Record<string, string> = {};
  const excerpt = excerpter(terms);
  const questions = page.questions.map(({ item, textStart }) => {
    excerpts[item._id] = excerpt(textStart);
    return item;
  });
  return succeed({ ...page, questions, excerpts, answers: null });
}

/** `is:answer`'s page: the answers found, each with its excerpt (the start of its text without words). */
async function answerListPage(ports: Ports, query: db.QuestionListQuery, terms: string[]): Promise<QuestionListScreen> {
  const search = [query.search ?? '', query.tag ? `[${query.tag}]` : ''].join(' ').trim();
  const page = await db.listAnswerSearchItems(ports.db, {
    search,
    filters: query.filters ?? {},
    limit: query.limit,
    offset: query.offset,
  });
  const excerpt = excerpter(terms);
  const answers = page.answers.map(({ textStart, ...answer }) => ({ ...answer, excerpt: excerpt(textStart) }));
  return {
    questions: [],
    total: page.total,
    totalCapped: page.totalCapped,
    reputations: page.reputations,
    excerpts: null,
    answers,
  };
}

/** The most recently active questions' ids with their last activity, newest first. */
export const recentlyActiveQuestions = (ports: Ports, limit: number): Promise<{ id: number; lastActivity: string }[]> =>
  db.listRecentlyActiveQuestionIds(ports.db, limit);

/** The id of the question an answer belongs to, or notFound. */
export async function questionOfAnswer(ports: Ports, { answerId }: { answerId: number }): Promise<Result<number>> {
  const qid = await db.questionIdOfAnswer(ports.db, answerId);
  return qid === null ? fail('notFound', MSG.answerNotFound) : succeed(qid);
}
