/**
 * `is:answer` (issue 42): one page of the answers a search finds, newest matches first and then
 * ranked, as the /home list shows them (the question's title, the answer's score, whether it is
 * accepted, its author with reputation, the start of its text for the excerpt). Words are read
 * from migration 0079's full-text index, no words from its date index; `[tag]`, `user:`,
 * `score:`, `isaccepted:` and `closed:` test each answer or its question. Hidden answers and
 * answers of hidden questions are never listed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '@fso/shared';
import type { Db } from '../client.ts';
import { iso, str, type Reputations } from './question-read.ts';
import { parseSearch } from './question-list.ts';
import { cachedEstimate } from './planner-estimates.ts';
import { fullTextQuery, literalInt, SEARCH_CANDIDATES } from './question-search.ts';
import { rows } from './sql-rows.ts';

export interface AnswerSearchQuery {
  search: string;
  filters: SearchFilters;
  limit: number;
  offset: number;
}

/** An answer as a search's results list it, with the start of its text for the excerpt. */
export interface AnswerSearchItem {
  _id: string;
  questionId: string;
  title: string;
  score: number;
  accepted: boolean;
  ansBy: string | null;
  ansDateTime: string;
  textStart: string;
}

/** One page of a search's answers: the total that match (`totalCapped`: at least that many) and the answerers' reputations by username. */
export interface AnswerSearchPage {
  answers: AnswerSearchItem[];
  total: number;
  totalCapped: boolean;
  reputations: Reputations;
}

/** How much of an answer's text its excerpt is taken from. */
const EXCERPT_SOURCE_CHARS = 4000;
/** The same text the index holds (migration 0079). */
const VECTOR = sql`to_tsvector('english', left(a.text, 100000))`;

/**
 * How a search with words reads its matches: a walk of the newest answers tests each one's text
 * (`to_tsvector` per row), the full-text index hands out every match, sorted after. At 100k
 * questions (300k answers, a loaded machine) a walk cost ~0.4 ms a row (31k rows: 12 s) and an
 * index match ~7 µs (a word in 200k answers: 0.6 s; rarer pairs 15–70 ms): a walked row costs
 * about 60 matches. The walk is taken only when it is cheaper by the planner's estimates.
 */
const WALK_PER_MATCH = 60;
/** A walk reads at most this many times the rows the estimate says hold the window's matches. */
const WALK_SLACK = 4;

interface PlanNode {
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The planner's estimates of all answers and of those matching `query`. */
async function estimates(db: Db, query: SQL): Promise<{ answers: number; matches: number }> {
  const [row] = await rows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM answers UNION ALL SELECT 1 FROM answers a WHERE ${VECTOR} @@ ${query}`,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const [answers = 1, matches = 1] = (parsed[0]?.Plan.Plans ?? []).map((p) => Math.max(1, p['Plan Rows']));
  return { answers, matches };
}

/**
 * Where a search's matches are read from, with the tests on the answer's own columns (`own`):
 * the newest answers (a bounded walk, for words common enough that the newest rows hold the
 * window's matches, when no author or tag narrows them) or the index's matches of the words,
 * read first (`OFFSET 0` keeps the planner from driving from a tag's rows and testing each
 * answer's text, whose cost it takes for far less than it is).
 */
async function matchSource(
  db: Db,
  words: string,
  query: SQL | null,
  own: SQL[],
  narrowed: boolean,
  window: number,
): Promise<SQL> {
  const where = sql.join(own, sql` AND `);
  if (!query) return sql`(SELECT * FROM answers a WHERE ${where}) a`;
  const { answers, matches } = await cachedEstimate(db, 'answers', words, () => estimates(db, query));
  if (narrowed || matches * matches <= WALK_PER_MATCH * window * answers)
    return sql`(SELECT * FROM answers a WHERE ${where} AND ${VECTOR} @@ ${query} OFFSET 0) a`;
  const bound = Math.min(answers, Math.ceil((WALK_SLACK * window * answers) / matches));
  return sql`(SELECT * FROM (SELECT * FROM answers ORDER BY ans_date_time DESC, id DESC LIMIT ${literalInt(bound)}) a
              WHERE ${where} AND ${VECTOR} @@ ${query}) a`;
}

/** The tests of `filters` on answer `a` itself. */
function ownTests(filters: SearchFilters, author: number | undefined): SQL[] {
  const tests: SQL[] = [sql`a.hidden IS NULL`];
  if (author !== undefined) tests.push(sql`a.ans_by = ${author}`);
  if (filters.score !== undefined) tests.push(sql`a.score >= ${filters.score}`);
  return tests;
}

/** The tests of `filters` and `[tag]` ids on the question `q` of answer `a`. */
function questionTests(filters: SearchFilters, tagIds: number[]): SQL[] {
  const tests: SQL[] = [sql`q.hidden IS NULL`];
  for (const id of tagIds)
    tests.push(sql`EXISTS (SELECT 1 FROM question_tags qt WHERE qt.question_id = q.id AND qt.tag_id = ${id})`);
  if (filters.accepted !== undefined)
    tests.push(filters.accepted ? sql`q.accepted_answer_id = a.id` : sql`q.accepted_answer_id IS DISTINCT FROM a.id`);
  if (filters.closed !== undefined)
    tests.push(filters.closed ? sql`q.closed_at IS NOT NULL` : sql`q.closed_at IS NULL`);
  return tests;
}

/**
 * One page of answers: with words, the newest `SEARCH_CANDIDATES` (or the page's reach) that
 * match, ranked by relevance, and counted up to the same number (past it the total is a lower
 * bound); without words, the newest answers, counted up to the same number.
 */
export async function listAnswerSearchItems(db: Db, q: AnswerSearchQuery): Promise<AnswerSearchPage> {
  const { tags, words } = parseSearch(q.search);
  const names = [...new Set(tags)];
  const [tagRows, authorRows] = await Promise.all([
    names.length
      ? rows(db, sql`SELECT id FROM tags WHERE lower(name) = ANY(${sql.param(names)}::text[])`)
      : Promise.resolve([]),
    q.filters.user === undefined
      ? Promise.resolve(null)
      : rows(db, sql`SELECT id FROM users WHERE lower(username) = ${q.filters.user.toLowerCase()}`),
  ]);
  const empty = { answers: [], total: 0, totalCapped: false, reputations: {} };
  if (tagRows.length < names.length || authorRows?.length === 0) return empty;
  const author = authorRows?.[0] ? Number(authorRows[0].id) : undefined;
  const query = words ? fullTextQuery(words) : null;
  const window = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
  const rank = query ? sql`ts_rank(${VECTOR}, ${query})` : sql`0`;
  const narrowed = author !== undefined || tagRows.length > 0;
  const source = await matchSource(db, words, query, ownTests(q.filters, author), narrowed, window);
  const tests = questionTests(
    q.filters,
    tagRows.map((r) => Number(r.id)),
  );
  // With words the date is an expression: the source decides how the matches are read.
  const newest = query ? sql`a.ans_date_time + interval '0 s' DESC, a.id DESC` : sql`a.ans_date_time DESC, a.id DESC`;
  const found = await rows(
    db,
    sql`WITH m AS (
          SELECT a.id, a.ans_date_time FROM ${source} JOIN questions q ON q.id = a.question_id
          WHERE ${sql.join(tests, sql` AND `)}
          ORDER BY ${newest} LIMIT ${literalInt(window + 1)}
        ), page AS (
          SELECT m.id, ${rank} AS rank FROM m JOIN answers a ON a.id = m.id
          ORDER BY rank DESC, m.ans_date_time DESC, m.id DESC
          LIMIT ${literalInt(q.limit)} OFFSET ${literalInt(q.offset)}
        )
        SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM m) t LEFT JOIN LATERAL (
          SELECT a.id, a.question_id, q.title, a.score, q.accepted_answer_id = a.id AS accepted, u.username AS ans_by,
                 u.reputation, a.ans_date_time, left(a.text, ${literalInt(EXCERPT_SOURCE_CHARS)}) AS text_start, p.rank
          FROM page p JOIN answers a ON a.id = p.id JOIN questions q ON q.id = a.question_id
          LEFT JOIN users u ON u.id = a.ans_by
        ) r ON true
        ORDER BY r.rank DESC, r.ans_date_time DESC, r.id DESC`,
  );
  const counted = Number(found[0]?.total ?? 0);
  const reputations: Reputations = {};
  const answers = found
    .filter((r) => r.id !== null)
    .map((r): AnswerSearchItem => {
      const name = str(r.ans_by);
      if (name !== null) reputations[name] = Number(r.reputation);
      return {
        _id: String(r.id),
        questionId: String(r.question_id),
        title: String(r.title),
        score: Number(r.score),
        accepted: r.accepted === true,
        ansBy: name,
        ansDateTime: iso(r.ans_date_time),
        textStart: String(r.text_start),
      };
    });
  return { answers, total: Math.min(counted, window), totalCapped: counted > window, reputations };
}
