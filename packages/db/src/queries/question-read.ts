/**
 * Reading questions: one populated question, with its bodies' stored HTML and its authors'
 * reputations, in one statement whatever its size (never a query per answer); the question
 * list is in question-list.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  isModeratorRole,
  QUESTION_REPLY_MAX_BYTES,
  type Answer,
  type AnswerSort,
  type Attribution,
  type CloseReason,
  type Closure,
  type Comment,
  type PageAnswer,
  type PageComment,
  type PageQuestion,
  type Question,
  type Role,
  type Tag,
} from '@fso/shared';
import type { Db } from '../client.ts';
import type { Hidden } from './flags.ts';
import { rows, type Row } from './sql-rows.ts';

/** Upper bounds on the lists inside one question, so no answer is ever unbounded. */
export const QUESTION_LIMITS = { answers: 500, comments: 500, voters: 1000, viewers: 1000 } as const;

/**
 * Which of a question's answers a read takes: `posted` is oldest first (SPEC §4's answerUpdate
 * appends: REST's order), the others a question page's orders (the accepted answer first).
 */
export interface AnswerWindow {
  sort: 'posted' | AnswerSort;
  offset: number;
  limit: number;
  /** How many comments are read of the question and of each answer, the first ones (QUESTION_LIMITS.comments at most). */
  comments: { question: number; answer: number };
  /** A post (`q` or `a<id>`) whose comments are all read (up to QUESTION_LIMITS.comments). */
  expand?: string;
  /** The window ends before the first answer that starts past this many bytes of Markdown (so a window of big answers is not read whole). */
  textBytes?: number;
}

/**
 * REST's question (GET /question/getQuestionById) and live events': its first answers, oldest
 * first, with their comments, at most QUESTION_LIMITS.answers and as many as start within QUESTION_REPLY_MAX_BYTES
 * of Markdown (the reply is then cut to its size: @fso/core's qa/question-size.ts).
 */
export const POSTED_ANSWERS: AnswerWindow = {
  sort: 'posted',
  offset: 0,
  limit: QUESTION_LIMITS.answers,
  comments: { question: QUESTION_LIMITS.comments, answer: QUESTION_LIMITS.comments },
  textBytes: QUESTION_REPLY_MAX_BYTES,
};

export const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
export const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A comment's score (issue 42): its upvotes counted when it is read (migration 0077 says why), for a comment `c`. */
export const COMMENT_SCORE = sql`(SELECT count(*) FROM comment_votes cv WHERE cv.comment_id = c.id)`;

function toComment(r: Row): PageComment {
  return {
    _id: String(r.id),
    commentBy: str(r.comment_by),
    commentDateTime: iso(r.comment_date_time),
    score: Number(r.score),
  };
}

/** A question row's closure (issue 41), or null while it is open. */
function closureOf(r: Row): Closure | null {
  if (r.closed_at === null || r.closed_at === undefined) return null;
  const duplicateOf = str(r.closed_duplicate_of);
  return {
    reason: String(r.closed_reason) as CloseReason,
    ...(duplicateOf === null ? {} : { duplicateOf, duplicateTitle: str(r.duplicate_title) ?? '' }),
    by: Array.isArray(r.closed_by) ? r.closed_by.map(String) : [],
    at: iso(r.closed_at),
  };
}

export function attribution(r: Row): Attribution | null {
  return r.source_url
    ? { url: String(r.source_url), author: str(r.source_author), authorUrl: str(r.source_author_url) }
    : null;
}

export function toTag(r: Row): Tag {
  return { _id: String(r.id), name: String(r.name), description: String(r.description) };
}

/** The stored HTML of a question's bodies, keyed `q`, `a<id>` and `c<id>`; null: not rendered yet. */
export type BodiesHtml = Record<string, string | null>;

/** The reputation of the asker and each answerer, by username (for bylines). */
export type Reputations = Record<string, number>;

/** What a question's page reads (getQuestionWithHtml). */
export interface QuestionWithHtml {
  question: PageQuestion;
  /** How many answers the question has (its `answers` are one window of them). */
  answerCount: number;
  /** How many comments each post has, keyed `q` and `a<id>` (its `comments` may be the first few). */
  commentCounts: Record<string, number>;
  html: BodiesHtml;
  /** The Markdown of the bodies with no stored HTML (null in `html`), by the same keys. */
  unrendered: Record<string, string>;
  /** The start of the question's Markdown (LEAD_CHARACTERS), for the page's description. */
  lead: string;
  reputations: Reputations;
  /** The authors among the asker, answerers and commenters who are moderators or admins (a ♦ beside their names). */
  moderators: string[];
  /** Why the question is hidden (issue 41), null when it is shown: only its asker and moderators may read it then. */
  hidden: Hidden | null;
}

/** How much of the question's Markdown the page's description is taken from. */
const LEAD_CHARACTERS = 500;

/** The question (SPEC §3) with one window of its answers (REST's by default), and how many it has; null when there is no such id. */
export async function getQuestion(
  db: Db,
  id: number,
  window: AnswerWindow = POSTED_ANSWERS,
): Promise<(Question & { answerCount: number; hidden?: Hidden }) | null> {
  const found = await readQuestion(db, id, false, window);
  if (!found) return null;
  const { question, unrendered: md, answerCount, hidden } = found;
  // Each `text` put after the fields before it, so the keys keep SPEC §3's order.
  const comment = ({ _id, ...rest }: PageComment): Comment => ({ _id, text: md[`c${_id}`] ?? '', ...rest });
  const answer = ({ _id, ...rest }: PageAnswer): Answer => ({
    _id,
    text: md[`a${_id}`] ?? '',
    ...rest,
    comments: rest.comments.map(comment),
  });
  const { _id, title, ...rest } = question;
  return {
    _id,
    title,
    text: md.q ?? '',
    ...rest,
    answers: rest.answers.map(answer),
    comments: rest.comments.map(comment),
    answerCount,
    ...(hidden ? { hidden } : {}),
  };
}

/**
 * The whole question for its page: its bodies' stored HTML, the Markdown only of bodies without
 * it, the start of the question's Markdown, and its authors' reputations. Reading every body's
 * Markdown beside its HTML cost the page's statement about a third of its time (0078).
 */
export function getQuestionWithHtml(
  db: Db,
  id: number,
  window: AnswerWindow = POSTED_ANSWERS,
): Promise<QuestionWithHtml | null> {
  return readQuestion(db, id, true, window);
}

/** The answers' order of a window, over answers `a` of a question whose accepted answer is `accepted`. */
function answerOrder(sort: AnswerWindow['sort'], accepted: SQL): SQL {
  if (sort === 'posted') return sql`a.ans_date_time, a.id`;
  const first = sql`coalesce(a.id = ${accepted}, false) DESC`;
  if (sort === 'score') return sql`${first}, a.score DESC, a.ans_date_time, a.id`;
  if (sort === 'newest') return sql`${first}, a.ans_date_time DESC, a.id DESC`;
  return sql`${first}, a.ans_date_time, a.id`;
}

/** A subquery's rows as one JSON array, in the given order (`[]` when there are none). */
const jsonRows = (query: SQL, order: SQL) =>
  sql`(SELECT coalesce(json_agg(r ORDER BY ${order}), '[]'::json) FROM (${query}) r)`;

/**
 * The question in one statement: the question row and its tags, one window of its answers, the
 * comments of those posts, votes and views as JSON, each list bounded (QUESTION_LIMITS, the
 * window's). The bodies' Markdown (`unrendered`), or `withHtml` their stored HTML and the
 * Markdown only where there is none (REST answers and live events carry the Markdown alone).
 */
async function readQuestion(
  db: Db,
  id: number,
  withHtml: boolean,
  window: AnswerWindow,
): Promise<QuestionWithHtml | null> {
  const html = (table: 'q' | 'a' | 'c') => (withHtml ? sql.raw(`${table}.html`) : sql`NULL::text`);
  const markdown = (table: 'q' | 'a' | 'c') =>
    sql.raw(withHtml ? `CASE WHEN ${table}.html IS NULL THEN ${table}.text END` : `${table}.text`);
  const perPost = (n: number) => Math.min(n, QUESTION_LIMITS.comments);
  const comment = sql`c.id, ${markdown('c')} AS text, ${html('c')} AS html, u.username AS comment_by, u.role AS author_role, c.comment_date_time, ${COMMENT_SCORE} AS score, c.question_id, c.answer_id`;
  const [doc] = await rows<{
    head: Row | null;
    tags: Row[];
    answers: Row[];
    comments: Row[];
    votes: Row[];
    answerVotes: Row[];
    views: Row[];
  }>(
    db,
    sql`WITH windowed AS (
        SELECT a.*, row_number() OVER (ORDER BY ${answerOrder(window.sort, sql`(SELECT accepted_answer_id FROM questions WHERE id = ${id})`)}) AS pos
        FROM answers a WHERE a.question_id = ${id} AND a.hidden IS NULL
        ORDER BY pos OFFSET ${window.offset} LIMIT ${Math.min(window.limit, QUESTION_LIMITS.answers)}),
      ans AS (${
        window.textBytes === undefined
          ? sql`SELECT * FROM windowed`
          : sql`SELECT * FROM (SELECT w.*, sum(octet_length(w.text)) OVER (ORDER BY w.pos) - octet_length(w.text) AS bytes_before FROM windowed w) b
                WHERE b.bytes_before < ${window.textBytes}`
      })
      SELECT
      (SELECT row_to_json(h) FROM (
         SELECT q.id, q.title, ${markdown('q')} AS text, ${html('q')} AS html, ${withHtml ? sql`left(q.text, ${LEAD_CHARACTERS})` : sql`NULL::text`} AS lead, u.username AS asked_by, u.reputation, u.role AS author_role, q.ask_date_time, q.view_count, q.score,
                q.accepted_answer_id, q.edited_at, q.last_activity, q.source_url, q.source_author, q.source_author_url, q.answer_count, q.hidden,
                (SELECT count(*) FROM comments WHERE question_id = q.id AND hidden IS NULL) AS comment_count,
                q.closed_at, q.closed_reason, q.closed_duplicate_of, q.closed_by, q.locked_at,
                (SELECT d.title FROM questions d WHERE d.id = q.closed_duplicate_of) AS duplicate_title,
                (SELECT count(*) FROM close_votes cv WHERE cv.question_id = q.id
                   AND cv.kind = CASE WHEN q.closed_at IS NULL THEN 'close' ELSE 'reopen' END) AS close_votes
         FROM questions q LEFT JOIN users u ON u.id = q.asked_by WHERE q.id = ${id}) h) AS head,
      ${jsonRows(sql`SELECT t.id, t.name, t.description, qt.position FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = ${id}`, sql`r.position, r.name`)} AS tags,
      ${jsonRows(
        sql`SELECT a.id, ${markdown('a')} AS text, ${html('a')} AS html, u.username AS ans_by, u.reputation, u.role AS author_role, a.ans_date_time, a.score, a.edited_at, a.source_url, a.source_author, a.source_author_url, a.pos,
              (SELECT count(*) FROM comments WHERE answer_id = a.id AND hidden IS NULL) AS comment_count
            FROM ans a LEFT JOIN users u ON u.id = a.ans_by`,
        sql`r.pos`,
      )} AS answers,
      ${jsonRows(
        // Each post's first comments along its own index; at most QUESTION_LIMITS.comments * 4 in all.
        sql`SELECT * FROM (
              (SELECT ${comment} FROM comments c LEFT JOIN users u ON u.id = c.comment_by
               WHERE c.question_id = ${id} AND c.hidden IS NULL ORDER BY c.comment_date_time, c.id LIMIT ${window.expand === 'q' ? QUESTION_LIMITS.comments : perPost(window.comments.question)})
              UNION ALL
              SELECT c.* FROM ans a CROSS JOIN LATERAL (
                SELECT ${comment} FROM comments c LEFT JOIN users u ON u.id = c.comment_by
                WHERE c.answer_id = a.id AND c.hidden IS NULL ORDER BY c.comment_date_time, c.id
                LIMIT CASE WHEN 'a' || a.id = ${window.expand ?? ''}::text THEN ${QUESTION_LIMITS.comments}::int ELSE ${perPost(window.comments.answer)}::int END) c
            ) all_comments LIMIT ${QUESTION_LIMITS.comments * 4}`,
        sql`r.comment_date_time, r.id`,
      )} AS comments,
      ${jsonRows(sql`SELECT u.username, v.value FROM question_votes v JOIN users u ON u.id = v.user_id WHERE v.question_id = ${id} LIMIT ${QUESTION_LIMITS.voters}`, sql`r.username`)} AS votes,
      ${jsonRows(
        sql`SELECT v.answer_id, u.username, v.value FROM ans a JOIN answer_votes v ON v.answer_id = a.id JOIN users u ON u.id = v.user_id
            LIMIT ${QUESTION_LIMITS.voters * 5}`,
        sql`r.username`,
      )} AS "answerVotes",
      ${jsonRows(sql`SELECT u.username FROM question_views v JOIN users u ON u.id = v.user_id WHERE v.question_id = ${id} LIMIT ${QUESTION_LIMITS.viewers}`, sql`r.username`)} AS views`,
  );
  const head = doc?.head;
  if (!doc || !head) return null;
  const {
    tags: tagRows,
    answers: answerRows,
    comments: commentRows,
    votes: voteRows,
    answerVotes: answerVoteRows,
    views: viewRows,
  } = doc;
  const voters = new Map<string, { upVotes: string[]; downVotes: string[] }>();
  for (const r of answerVoteRows) {
    const lists = voters.get(String(r.answer_id)) ?? { upVotes: [], downVotes: [] };
    const list = Number(r.value) > 0 ? lists.upVotes : lists.downVotes;
    if (list.length < QUESTION_LIMITS.voters) list.push(String(r.username));
    voters.set(String(r.answer_id), lists);
  }

  const byAnswer = new Map<string, PageComment[]>();
  const questionComments: PageComment[] = [];
  for (const r of commentRows) {
    const target =
      r.question_id !== null && r.question_id !== undefined
        ? questionComments
        : (byAnswer.get(String(r.answer_id)) ?? []);
    if (target.length >= QUESTION_LIMITS.comments) continue;
    target.push(toComment(r));
    if (r.answer_id !== null && r.answer_id !== undefined) byAnswer.set(String(r.answer_id), target);
  }
  const answers: PageAnswer[] = answerRows.map((r) => ({
    _id: String(r.id),
    ansBy: str(r.ans_by),
    ansDateTime: iso(r.ans_date_time),
    comments: byAnswer.get(String(r.id)) ?? [],
    source: attribution(r),
    upVotes: voters.get(String(r.id))?.upVotes ?? [],
    downVotes: voters.get(String(r.id))?.downVotes ?? [],
    score: Number(r.score),
    editedAt: r.edited_at ? iso(r.edited_at) : null,
  }));

  const reputations: Reputations = {};
  for (const r of [head, ...answerRows]) {
    const name = str(r.asked_by ?? r.ans_by);
    if (name !== null) reputations[name] = Number(r.reputation);
  }

  const moderators = new Set<string>();
  for (const r of [head, ...answerRows, ...commentRows]) {
    const name = str(r.asked_by ?? r.ans_by ?? r.comment_by);
    if (name !== null && isModeratorRole(r.author_role as Role)) moderators.add(name);
  }

  const bodies: BodiesHtml = {};
  const unrendered: Record<string, string> = {};
  const body = (key: string, r: Row) => {
    if (withHtml) bodies[key] = str(r.html);
    if (r.text !== null && r.text !== undefined) unrendered[key] = String(r.text);
  };
  body('q', head);
  for (const r of answerRows) body(`a${String(r.id)}`, r);
  for (const r of commentRows) body(`c${String(r.id)}`, r);

  const question: PageQuestion = {
    _id: String(head.id),
    title: String(head.title),
    tags: tagRows.map(toTag),
    askedBy: str(head.asked_by),
    askDateTime: iso(head.ask_date_time),
    answers,
    comments: questionComments,
    upVotes: voteRows.filter((r) => Number(r.value) > 0).map((r) => String(r.username)),
    downVotes: voteRows.filter((r) => Number(r.value) < 0).map((r) => String(r.username)),
    views: viewRows.map((r) => String(r.username)),
    viewCount: Number(head.view_count),
    score: Number(head.score),
    source: attribution(head),
    acceptedAnswer: str(head.accepted_answer_id),
    editedAt: head.edited_at ? iso(head.edited_at) : null,
    closed: closureOf(head),
    closeVotes: Number(head.close_votes),
    locked: head.locked_at !== null && head.locked_at !== undefined,
    lastActivity: iso(head.last_activity),
  };
  const commentCounts: Record<string, number> = { q: Number(head.comment_count) };
  for (const r of answerRows) commentCounts[`a${String(r.id)}`] = Number(r.comment_count);
  return {
    question,
    answerCount: Number(head.answer_count),
    commentCounts,
    html: bodies,
    unrendered,
    lead: str(head.lead) ?? '',
    reputations,
    moderators: [...moderators],
    hidden: (str(head.hidden) as Hidden | null) ?? null,
  };
}

/** Where an answer stands among its question's answers in a page's order (1 for the first), or null when it is not one of that question's. */
export async function answerPosition(
  db: Db,
  questionId: number,
  answerId: number,
  sort: AnswerSort,
): Promise<number | null> {
  const [row] = await rows(
    db,
    sql`SELECT pos FROM (
          SELECT a.id, row_number() OVER (ORDER BY ${answerOrder(sort, sql`(SELECT accepted_answer_id FROM questions WHERE id = ${questionId})`)}) AS pos
          FROM answers a WHERE a.question_id = ${questionId} AND a.hidden IS NULL) r
        WHERE r.id = ${answerId}`,
  );
  return row ? Number(row.pos) : null;
}

/** The question id an answer belongs to, or null. */
export async function questionIdOfAnswer(db: Db, answerId: number): Promise<number | null> {
  const [row] = await rows(db, sql`SELECT question_id FROM answers WHERE id = ${answerId}`);
  return row ? Number(row.question_id) : null;
}

/** Question ids by latest activity, for the sitemap (hidden ones left out). */
export async function listRecentlyActiveQuestionIds(
  db: Db,
  limit: number,
): Promise<{ id: number; lastActivity: string }[]> {
  const found = await rows(
    db,
    sql`SELECT id, last_activity FROM questions WHERE hidden IS NULL ORDER BY last_activity DESC, id DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({ id: Number(r.id), lastActivity: iso(r.last_activity) }));
}
