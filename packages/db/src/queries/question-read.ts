/**
 * Reading questions: one populated question, with its bodies' stored HTML and its authors'
 * reputations, in one statement
 * whatever its size (never a query per answer), and the paged, ordered, searched question
 * list with its total.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Answer, Attribution, Comment, Question, QuestionOrder, QuestionSummary, Tag } from '@fso/shared';
import type { Db } from '../client.ts';

/** Upper bounds on the lists inside one question, so no answer is ever unbounded. */
export const QUESTION_LIMITS = { answers: 500, comments: 500, voters: 1000, viewers: 1000 } as const;

type Row = Record<string, unknown>;

async function rows<T = Row>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toComment(r: Row): Comment {
  return { _id: String(r.id), text: String(r.text), commentBy: str(r.comment_by), commentDateTime: iso(r.comment_date_time) };
}

function attribution(r: Row): Attribution | null {
  return r.source_url ? { url: String(r.source_url), author: str(r.source_author), authorUrl: str(r.source_author_url) } : null;
}

function toTag(r: Row): Tag {
  return { _id: String(r.id), name: String(r.name), description: String(r.description) };
}

/** The stored HTML of a question's bodies, keyed `q`, `a<id>` and `c<id>`; null: not rendered yet. */
export type BodiesHtml = Record<string, string | null>;

/** The whole question (SPEC §3), or null when there is no such id. */
export async function getQuestion(db: Db, id: number): Promise<Question | null> {
  return (await readQuestion(db, id, false))?.question ?? null;
}

/** The reputation of the asker and each answerer, by username (for bylines). */
export type Reputations = Record<string, number>;

/** The whole question, its bodies' stored HTML and its authors' reputations (for its page). */
export function getQuestionWithHtml(db: Db, id: number): Promise<{ question: Question; html: BodiesHtml; reputations: Reputations } | null> {
  return readQuestion(db, id, true);
}

/** A subquery's rows as one JSON array, in the given order (`[]` when there are none). */
const jsonRows = (query: SQL, order: SQL) => sql`(SELECT coalesce(json_agg(r ORDER BY ${order}), '[]'::json) FROM (${query}) r)`;

/**
 * The whole question in one statement: the question row and its tags, answers, comments,
 * votes and views as JSON, each list bounded by QUESTION_LIMITS; the bodies' stored HTML only
 * `withHtml` (REST answers and live events carry the Markdown alone).
 */
async function readQuestion(db: Db, id: number, withHtml: boolean): Promise<{ question: Question; html: BodiesHtml; reputations: Reputations } | null> {
  const html = (table: 'q' | 'a' | 'c') => (withHtml ? sql.raw(`${table}.html`) : sql`NULL::text`);
  const [doc] = await rows<{ head: Row | null; tags: Row[]; answers: Row[]; comments: Row[]; votes: Row[]; answerVotes: Row[]; views: Row[] }>(
    db,
    sql`SELECT
      (SELECT row_to_json(h) FROM (
         SELECT q.id, q.title, q.text, ${html('q')} AS html, u.username AS asked_by, u.reputation, q.ask_date_time, q.view_count, q.score,
                q.accepted_answer_id, q.edited_at, q.source_url, q.source_author, q.source_author_url
         FROM questions q LEFT JOIN users u ON u.id = q.asked_by WHERE q.id = ${id}) h) AS head,
      ${jsonRows(sql`SELECT t.id, t.name, t.description, qt.position FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = ${id}`, sql`r.position, r.name`)} AS tags,
      ${jsonRows(
        sql`SELECT a.id, a.text, ${html('a')} AS html, u.username AS ans_by, u.reputation, a.ans_date_time, a.score, a.edited_at, a.source_url, a.source_author, a.source_author_url
            FROM answers a LEFT JOIN users u ON u.id = a.ans_by
            WHERE a.question_id = ${id} ORDER BY a.ans_date_time, a.id LIMIT ${QUESTION_LIMITS.answers}`,
        sql`r.ans_date_time, r.id`,
      )} AS answers,
      ${jsonRows(
        // Two index lookups joined by UNION ALL: an OR across the two parents scans every comment.
        sql`SELECT c.id, c.text, ${html('c')} AS html, u.username AS comment_by, c.comment_date_time, c.question_id, c.answer_id
            FROM (SELECT * FROM comments WHERE question_id = ${id}
                  UNION ALL
                  SELECT ac.* FROM answers a JOIN comments ac ON ac.answer_id = a.id WHERE a.question_id = ${id}) c
            LEFT JOIN users u ON u.id = c.comment_by
            ORDER BY c.comment_date_time, c.id LIMIT ${QUESTION_LIMITS.comments * 4}`,
        sql`r.comment_date_time, r.id`,
      )} AS comments,
      ${jsonRows(sql`SELECT u.username, v.value FROM question_votes v JOIN users u ON u.id = v.user_id WHERE v.question_id = ${id} LIMIT ${QUESTION_LIMITS.voters}`, sql`r.username`)} AS votes,
      ${jsonRows(
        sql`SELECT v.answer_id, u.username, v.value FROM answers a JOIN answer_votes v ON v.answer_id = a.id JOIN users u ON u.id = v.user_id
            WHERE a.question_id = ${id} LIMIT ${QUESTION_LIMITS.voters * 5}`,
        sql`r.username`,
      )} AS "answerVotes",
      ${jsonRows(sql`SELECT u.username FROM question_views v JOIN users u ON u.id = v.user_id WHERE v.question_id = ${id} LIMIT ${QUESTION_LIMITS.viewers}`, sql`r.username`)} AS views`,
  );
  const head = doc?.head;
  if (!doc || !head) return null;
  const { tags: tagRows, answers: answerRows, comments: commentRows, votes: voteRows, answerVotes: answerVoteRows, views: viewRows } = doc;
  const voters = new Map<string, { upVotes: string[]; downVotes: string[] }>();
  for (const r of answerVoteRows) {
    const lists = voters.get(String(r.answer_id)) ?? { upVotes: [], downVotes: [] };
    const list = Number(r.value) > 0 ? lists.upVotes : lists.downVotes;
    if (list.length < QUESTION_LIMITS.voters) list.push(String(r.username));
    voters.set(String(r.answer_id), lists);
  }

  const byAnswer = new Map<string, Comment[]>();
  const questionComments: Comment[] = [];
  for (const r of commentRows) {
    const target = r.question_id !== null && r.question_id !== undefined ? questionComments : byAnswer.get(String(r.answer_id)) ?? [];
    if (target.length >= QUESTION_LIMITS.comments) continue;
    target.push(toComment(r));
    if (r.answer_id !== null && r.answer_id !== undefined) byAnswer.set(String(r.answer_id), target);
  }
  const answers: Answer[] = answerRows.map((r) => ({
    _id: String(r.id),
    text: String(r.text),
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

  const bodies: BodiesHtml = { q: str(head.html) };
  for (const r of answerRows) bodies[`a${String(r.id)}`] = str(r.html);
  for (const r of commentRows) bodies[`c${String(r.id)}`] = str(r.html);

  const question: Question = {
    _id: String(head.id),
    title: String(head.title),
    text: String(head.text),
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
  };
  return { question, html: bodies, reputations };
}

/** The question id an answer belongs to, or null. */
export async function questionIdOfAnswer(db: Db, answerId: number): Promise<number | null> {
  const [row] = await rows(db, sql`SELECT question_id FROM answers WHERE id = ${answerId}`);
  return row ? Number(row.question_id) : null;
}

/** A search box's text split into `[tag]` tokens and the words for full-text matching. */
export function parseSearch(input: string): { tags: string[]; words: string } {
  const tags = [...input.matchAll(/\[([^\]\s]+)\]/g)].map((m) => (m[1] ?? '').toLowerCase()).filter(Boolean);
  const words = input.replace(/\[[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
  return { tags, words };
}

export interface QuestionListQuery {
  /** Omitted with search words: ranked by relevance. */
  order?: QuestionOrder;
  search?: string;
  tag?: string;
  limit: number;
  offset: number;
}

const EXCERPT = 300;
/**
 * Ranked by relevance, a search reads only this many of the newest matches (never fewer than
 * the page asked for): ranking every match of a common word cost seconds at a million questions.
 */
export const SEARCH_CANDIDATES = 1000;
/** A filtered list counts its matches up to this many; past it, the total is a lower bound. */
export const COUNT_CAP = 1000;

/**
 * One page of questions and the total that match (`totalCapped`: at least that many); ids, not
 * bodies, for answers and comments.
 */
export async function listQuestions(db: Db, q: QuestionListQuery): Promise<{ questions: QuestionSummary[]; total: number; totalCapped: boolean }> {
  const { tags, words } = parseSearch(q.search ?? '');
  if (q.tag) tags.push(q.tag.toLowerCase());
  const query = sql`websearch_to_tsquery('english', ${words})`;
  const byRank = !q.order && Boolean(words);
  const candidates = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);

  // Words ranked by relevance, on a RUM index (decision record 0027): the index hands out the
  // matches newest first without reading a row (GIN: the rows are read, newest first, and each
  // one's tsvector tested), and only the candidates are read and ranked. With a tag, the tag's
  // index below drives instead.
  if (byRank && !tags.length && (await rumIndexed(db))) {
    const matches = (limit: number) =>
      sql`(SELECT q.id, q.title, q.text, q.asked_by, q.ask_date_time, q.last_activity, q.answer_count, q.view_count, q.score, q.accepted_answer_id, q.edited_at, q.search
           FROM questions q WHERE q.search @@ ${query} ORDER BY q.ask_date_time <=| ${FAR_FUTURE}::timestamptz LIMIT ${limit}) q`;
    return pageOf(db, {
      source: matches(candidates),
      filter: sql``,
      order: sql`ts_rank_cd(q.search, ${query}) DESC, q.ask_date_time DESC, q.id DESC`,
      count: sql`SELECT count(*)::int AS n FROM ${matches(COUNT_CAP + 1)}`,
      q,
    });
  }

  // The first tag drives the list: its question_tags rows, read in (tag_id, ask_date_time) order
  // (migration 0011), joined to their questions; any other tag is a test on each of those.
  const [driving, ...otherTags] = tags;
  const tagJoin = driving
    ? sql`JOIN question_tags qt0 ON qt0.question_id = q.id AND qt0.tag_id = (SELECT t.id FROM tags t WHERE lower(t.name) = ${driving})`
    : sql``;
  const tests = otherTags.map(
    (tag) => sql`EXISTS (SELECT 1 FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id AND lower(t.name) = ${tag})`,
  );
  if (words) tests.push(sql`q.search @@ ${query}`);
  if (q.order === 'unanswered') tests.push(sql`q.answer_count = 0`);
  const filter = sql`${tagJoin} ${tests.length ? sql`WHERE ${sql.join(tests, sql` AND `)}` : sql``}`;
  const filtered = Boolean(driving) || tests.length > 0;

  // The same order either way; with a tag, the tag's own copy of the ask time is the one its index holds.
  const newest = driving ? sql`qt0.ask_date_time DESC, qt0.question_id DESC` : sql`q.ask_date_time DESC, q.id DESC`;
  const orderBy = {
    newest,
    unanswered: newest,
    active: sql`q.last_activity DESC, q.id DESC`,
    mostViewed: sql`q.view_count DESC, q.ask_date_time DESC, q.id DESC`,
  }[q.order ?? 'newest'];
  return pageOf(db, {
    source: byRank
      ? sql`(SELECT q.id, q.title, q.text, q.asked_by, q.ask_date_time, q.last_activity, q.answer_count, q.view_count, q.score, q.accepted_answer_id, q.edited_at, q.search
             FROM questions q ${filter} ORDER BY ${newest} LIMIT ${candidates}) q`
      : sql`questions q`,
    filter: byRank ? sql`` : filter,
    order: byRank ? sql`ts_rank_cd(q.search, ${query}) DESC, q.ask_date_time DESC, q.id DESC` : orderBy,
    // Unfiltered, the total is the trigger-kept counter (migration 0004), not a count of every row.
    count: filtered ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q ${filter} LIMIT ${COUNT_CAP + 1}) m` : null,
    q,
  });
}

/** Orders after every ask time, so RUM's `<=|` distance from it puts the newest first. */
const FAR_FUTURE = '2200-01-01T00:00:00Z';

const rumChecks = new WeakMap<Db, Promise<boolean>>();
/** Whether migration 0011 found the RUM extension on this database (asked once per database). */
function rumIndexed(db: Db): Promise<boolean> {
  let known = rumChecks.get(db);
  if (!known) {
    known = rows(db, sql`SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'questions_search_rum_idx'`).then((r) => r.length > 0);
    known.catch(() => rumChecks.delete(db));
    rumChecks.set(db, known);
  }
  return known;
}

/**
 * One page read from `source` (aliased q; `filter` joins and tests it) in `order`, and its
 * total: `count` counts at most COUNT_CAP + 1 matches, null means the whole table.
 */
async function pageOf(
  db: Db,
  { source, filter, order, count, q }: { source: SQL; filter: SQL; order: SQL; count: SQL | null; q: QuestionListQuery },
): Promise<{ questions: QuestionSummary[]; total: number; totalCapped: boolean }> {
  const [pageRows, totals] = await Promise.all([
    rows(
      db,
      sql`SELECT q.id, q.title, left(q.text, ${EXCERPT}) AS text, u.username AS asked_by, q.ask_date_time, q.last_activity,
                 q.answer_count, q.view_count, q.score, q.accepted_answer_id, q.edited_at,
                 (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description) ORDER BY qt.position, t.name), '[]')
                    FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id) AS tags,
                 ARRAY(SELECT a.id::text FROM answers a WHERE a.question_id = q.id ORDER BY a.id LIMIT ${QUESTION_LIMITS.answers}) AS answer_ids,
                 ARRAY(SELECT c.id::text FROM comments c WHERE c.question_id = q.id ORDER BY c.id LIMIT ${QUESTION_LIMITS.comments}) AS comment_ids,
                 ARRAY(SELECT vu.username FROM question_votes v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id AND v.value = 1 LIMIT ${QUESTION_LIMITS.voters}) AS up_votes,
                 ARRAY(SELECT vu.username FROM question_votes v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id AND v.value = -1 LIMIT ${QUESTION_LIMITS.voters}) AS down_votes,
                 ARRAY(SELECT vu.username FROM question_views v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id LIMIT ${QUESTION_LIMITS.viewers}) AS viewers
          FROM ${source} LEFT JOIN users u ON u.id = q.asked_by
          ${filter} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    rows(db, count ?? sql`SELECT total::int AS n FROM question_totals`),
  ]);
  const counted = Number(totals[0]?.n ?? 0);

  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    questions: pageRows.map((r) => ({
      _id: String(r.id),
      title: String(r.title),
      text: String(r.text),
      tags: (typeof r.tags === 'string' ? (JSON.parse(r.tags) as Row[]) : (r.tags as Row[])).map(toTag),
      askedBy: str(r.asked_by),
      askDateTime: iso(r.ask_date_time),
      lastActivity: iso(r.last_activity),
      answers: list(r.answer_ids),
      comments: list(r.comment_ids),
      upVotes: list(r.up_votes),
      downVotes: list(r.down_votes),
      views: list(r.viewers),
      answerCount: Number(r.answer_count),
      viewCount: Number(r.view_count),
      score: Number(r.score),
      acceptedAnswer: str(r.accepted_answer_id),
      editedAt: r.edited_at ? iso(r.edited_at) : null,
    })),
    total: count ? Math.min(counted, COUNT_CAP) : counted,
    totalCapped: count !== null && counted > COUNT_CAP,
  };
}

/** Question ids by latest activity, for the sitemap. */
export async function listRecentlyActiveQuestionIds(db: Db, limit: number): Promise<{ id: number; lastActivity: string }[]> {
  const found = await rows(db, sql`SELECT id, last_activity FROM questions ORDER BY last_activity DESC, id DESC LIMIT ${limit}`);
  return found.map((r) => ({ id: Number(r.id), lastActivity: iso(r.last_activity) }));
}
