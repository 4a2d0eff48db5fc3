/**
 * How much of a question one page or one reply carries (issue 39 items 3 and 8,
 * docs/decisions): its answers 30 to a page as on Stack Overflow (the accepted one first, then by
 * the chosen sort), the first few comments of each post, and bodies up to a byte budget, so that
 * no question page passes 2 MB however many posts it has; a question sent whole (REST, live
 * events to SPEC clients) is cut to QUESTION_REPLY_MAX_BYTES. Also the page's query string and
 * the link to one answer, which opens the page it is on.
 */
import { ANSWER_SORTS, type AnswerSort } from './qa.schemas.ts';

export const ANSWERS_PER_PAGE = 30;
/** Comments shown under each post until "Show N more comments" opens them all. */
export const COMMENTS_SHOWN = 5;
/** Bytes of rendered bodies one question page holds at most; the ones past it are linked, not shown. */
export const PAGE_BODIES_MAX_BYTES = 1_200_000;
/** Bytes of JSON one question carries at most over REST or in a live event: its answers and comments past it are left out. */
export const QUESTION_REPLY_MAX_BYTES = 1_500_000;

/** What a question page's query string asks for. */
export interface QuestionPageQuery {
  sort: AnswerSort;
  /** 1-based; the page an `answer` is on when that is given. */
  page: number;
  /** An answer whose page to open (links to one answer). */
  answer: number | null;
  /** A post (`q` or `a<id>`) whose comments are all shown. */
  comments: string | null;
  /** A body (`q`, `a<id>` or `c<id>`) shown before the others count against the page's budget. */
  show: string | null;
}

const positive = (raw: string | null) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);
const postKey = (raw: string | null, kinds: RegExp) => (raw && kinds.test(raw) ? raw : null);

/** The page's query, every part that is not one of the page's own ignored. */
export function questionPageQuery(params: URLSearchParams): QuestionPageQuery {
  const sortParam = params.get('sort');
  return {
    sort: ANSWER_SORTS.find((s) => s === sortParam) ?? 'score',
    page: positive(params.get('page')) ?? 1,
    answer: positive(params.get('answer')),
    comments: postKey(params.get('comments'), /^(q|a[1-9]\d{0,14})$/),
    show: postKey(params.get('show'), /^(q|[ac][1-9]\d{0,14})$/),
  };
}

/** The query string of a page of answers (the default sort and page 1 left out), optionally with more. */
export function questionPageSearch(sort: AnswerSort, page: number, more: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (sort !== 'score') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  for (const [key, value] of Object.entries(more)) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The link to one answer: the question's page that holds it, scrolled to it. */
export const answerHref = (qid: string | number, aid: string | number): string =>
  `/question/${qid}?answer=${aid}#answer-${aid}`;
