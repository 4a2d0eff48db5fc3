/**
 * The paged, ordered, searched question list with its total and its askers' reputations:
 * `[tag]` tokens, words (full text, ranked by relevance unless an order is asked for) and the
 * four orders, each read along an index (decision records 0027, 0035); in the REST shape
 * (SPEC §3 summaries, whose JSON PostgreSQL writes: decision record 0056) or only what the /home
 * screen shows (decision record 0040).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { QuestionOrder, QuestionSummary, SearchFilters } from '@fso/shared';
import type { Db } from '../client.ts';
import { iso, QUESTION_LIMITS, str, type Reputations } from './question-read.ts';
import { fullTextQuery, literalInt, newestMatches, SEARCH_CANDIDATES } from './question-search.ts';
import { rows, type Row } from './sql-rows.ts';

export { SEARCH_CANDIDATES };

/** A question every list shows: not hidden by flags or held for review (issue 41). */
const VISIBLE = sql`q.hidden IS NULL`;

/** How many hidden questions carry the tag (read from the few hidden ones: migration 0057's partial index). */
export const hiddenInTag = (tagId: SQL) =>
  sql`(SELECT count(*)::int FROM questions h JOIN question_tags ht ON ht.question_id = h.id AND ht.tag_id = ${tagId} WHERE h.hidden IS NOT NULL)`;

/** A search box's text split into `[tag]` tokens and the words for full-text matching. */
export function parseSearch(input: string): { tags: string[]; words: string } {
  const tags = [...input.matchAll(/\[([^\]\s]+)\]/g)].map((m) => (m[1] ?? '').toLowerCase()).filter(Boolean);
  const words = input
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { tags, words };
}

export interface QuestionListQuery {
  /** Omitted with search words: ranked by relevance. */
  order?: QuestionOrder;
  search?: string;
  tag?: string;
  /** The search's operators (core's parseSearchQuery), beside its words and tags in `search`. */
  filters?: SearchFilters;
  limit: number;
  offset: number;
}

const EXCERPT = 300;
/** A filtered list counts its matches up to this many; past it, the total is a lower bound. */
export const COUNT_CAP = 1000;

/** One page of the question list: the total that match (`totalCapped`: at least that many) and the askers' reputations by username. */
export interface QuestionPage<Item = QuestionSummary> {
  questions: Item[];
  total: number;
  totalCapped: boolean;
  reputations: Reputations;
}

/** A question as the /home list shows it: no excerpt, no lists of answers, comments, voters or viewers, tags without descriptions. */
export type QuestionListItem = Pick<
  QuestionSummary,
  '_id' | 'title' | 'askedBy' | 'askDateTime' | 'score' | 'answerCount' | 'viewCount' | 'acceptedAnswer'
> & {
  tags: { _id: string; name: string }[];
};

/** The ids of the named tags (lower case), in the same order; null when one of them does not exist. */
async function tagIdsOf(db: Db, names: string[]): Promise<number[] | null> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const found = await rows(
    db,
    sql`SELECT id, lower(name) AS name FROM tags WHERE lower(name) = ANY(${sql.param(unique)}::text[])`,
  );
  const ids = new Map(found.map((r) => [String(r.name), Number(r.id)]));
  return unique.every((n) => ids.has(n)) ? unique.map((n) => ids.get(n)!) : null;
}

/** The id of the author `user:` names: undefined without the operator, null when nobody has that name. */
async function authorIdOf(db: Db, username: string | undefined): Promise<number | null | undefined> {
  if (username === undefined) return undefined;
  const [found] = await rows(db, sql`SELECT id FROM users WHERE lower(username) = ${username.toLowerCase()}`);
  return found ? Number(found.id) : null;
}

/**
 * The operators as tests on the question `q` (migration 0076 indexes the selective ones, so a
 * rare score, answer count or closed state is read from its index rather than walked to):
 * `user:` is the asker (questions_asked_by_idx), `isaccepted:` the accepted answer
 * (questions_accepted_answer_idx, partial).
 */
function operatorTests(q: SQL, f: SearchFilters, asker: number | undefined): SQL[] {
  const tests: SQL[] = [];
  if (asker !== undefined) tests.push(sql`${q}.asked_by = ${asker}`);
  if (f.score !== undefined) tests.push(sql`${q}.score >= ${f.score}`);
  if (f.answers !== undefined) tests.push(sql`${q}.answer_count >= ${f.answers}`);
  if (f.accepted !== undefined)
    tests.push(f.accepted ? sql`${q}.accepted_answer_id IS NOT NULL` : sql`${q}.accepted_answer_id IS NULL`);
  if (f.closed !== undefined) tests.push(f.closed ? sql`${q}.closed_at IS NOT NULL` : sql`${q}.closed_at IS NULL`);
  return tests;
}

/** One page of questions (SPEC §3 summaries: ids, not bodies, for answers and comments), each as its JSON text, and the total that match. */
export async function listQuestionsJson(db: Db, q: QuestionListQuery): Promise<QuestionPage<string>> {
  return listPage(db, q, SUMMARY);
}

/** The same page with each summary parsed. */
export async function listQuestions(db: Db, q: QuestionListQuery): Promise<QuestionPage> {
  const page = await listQuestionsJson(db, q);
  return { ...page, questions: page.questions.map((json) => JSON.parse(json) as QuestionSummary) };
}

/** One page of questions as the /home list shows them, and the total that match. */
export async function listQuestionItems(db: Db, q: QuestionListQuery): Promise<QuestionPage<QuestionListItem>> {
  return listPage(db, q, LIST_ITEM);
}

/** How much of a question's stored text a search result's excerpt is taken from. */
export const EXCERPT_SOURCE_CHARS = 4000;

/** A /home row of a search's results: the list item and the start of its text, for the excerpt. */
export interface QuestionSearchItem {
  item: QuestionListItem;
  textStart: string;
}

/** One page of a search's results as the /home list shows them, each with the start of its text, in the page's one statement. */
export async function listSearchItems(db: Db, q: QuestionListQuery): Promise<QuestionPage<QuestionSearchItem>> {
  return listPage(db, q, SEARCH_ITEM);
}

/**
 * One page in the shape `columns` reads. Tags are looked up first, so an unknown tag costs
 * nothing more and the statements name each tag by its id, whose row count the planner knows.
 */
async function listPage<Item>(db: Db, q: QuestionListQuery, columns: Columns<Item>): Promise<QuestionPage<Item>> {
  const { tags, words } = parseSearch(q.search ?? '');
  if (q.tag) tags.push(q.tag.toLowerCase());
  const [tagIds, asker] = await Promise.all([tagIdsOf(db, tags), authorIdOf(db, q.filters?.user)]);
  if (!tagIds || asker === null) return { questions: [], total: 0, totalCapped: false, reputations: {} };
  const query = fullTextQuery(words);
  // The first tag drives the list: its question_tags rows, read in (tag_id, ask_date_time) order
  // (migration 0011), joined to their questions; any other tag is a test on each of those.
  const [driving, ...otherTags] = tagIds;
  const tests = otherTags.map(
    (id) => sql`EXISTS (SELECT 1 FROM question_tags qt WHERE qt.question_id = q.id AND qt.tag_id = ${id})`,
  );
  const operators = operatorTests(sql`q`, q.filters ?? {}, asker);

  // Words with operators: the operators test the words' newest matches (at most a window of
  // them, as a ranked search reads), in the order asked for or by relevance.
  if (words && operators.length > 0) {
    const window = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
    const kept = sql`m c JOIN questions q ON q.id = c.id WHERE ${sql.join(operators, sql` AND `)}`;
    const order = q.order
      ? {
          newest: sql`c.ask_date_time DESC, c.id DESC`,
          unanswered: sql`c.ask_date_time DESC, c.id DESC`,
          active: sql`q.last_activity DESC, q.id DESC`,
          mostViewed: sql`q.view_count DESC, q.ask_date_time DESC, q.id DESC`,
        }[q.order]
      : sql`c.rank DESC, c.ask_date_time DESC, c.id DESC`;
    return pageOf(db, {
      head: await newestMatches(db, words, query, driving ?? null, otherTags, window + 1),
      source: sql`(SELECT c.* FROM ${kept}${q.order === 'unanswered' ? sql` AND q.answer_count = 0` : sql``} ORDER BY ${order} ${pageLimit(q, false)}) c JOIN questions q ON q.id = c.id`,
      filter: sql``,
      order: sql`${order}`,
      page: sql``,
      count: { query: sql`SELECT count(*)::int AS n FROM ${kept}`, cap: window, beside: false },
      columns,
    });
  }
  tests.push(...operators);

  // Words ranked by relevance (decision records 0035, 0041): the newest matches, read along the
  // index their frequency makes cheaper and ranked as they are read, are ordered and counted in
  // one statement; only the page's own rows are then read again, with their askers.
  if (!q.order && words) {
    const window = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
    const ranked = sql`c.rank DESC, c.ask_date_time DESC, c.id DESC`;
    return pageOf(db, {
      head: await newestMatches(db, words, query, driving ?? null, otherTags, window + 1),
      source: sql`(SELECT c.* FROM (SELECT * FROM m ORDER BY ask_date_time DESC, id DESC LIMIT ${literalInt(window)}) c ORDER BY ${ranked} ${pageLimit(q, true)}) c JOIN questions q ON q.id = c.id`,
      filter: sql``,
      order: ranked,
      page: sql``,
      count: { query: sql`SELECT count(*)::int AS n FROM m`, cap: window, beside: false },
      columns,
    });
  }

  if (q.order === 'unanswered') tests.push(sql`q.answer_count = 0`);
  // A tag's newest questions and nothing else (decision record 0046): its index holds the order,
  // so the tag's id is an InitPlan (the generic plan, costed as the custom ones, is kept and not
  // planned again per request), and its total is counted in that index alone, in the same statement.
  const tagAlone = driving !== undefined && !words && tests.length === 0 && (q.order ?? 'newest') === 'newest';
  const tagJoin =
    driving === undefined
      ? sql``
      : sql`JOIN question_tags qt0 ON qt0.question_id = q.id AND qt0.tag_id = ${tagAlone ? sql`(SELECT ${driving}::bigint)` : driving}`;
  // Hidden questions (issue 41) are left out of every list; `question_search` holds none, so ranked reads never meet them.
  const filter = (more: SQL[]) => sql`${tagJoin} WHERE ${sql.join([VISIBLE, ...more], sql` AND `)}`;
  // The same order either way; with a tag, the tag's own copy of the ask time is the one its index holds.
  const newest =
    driving === undefined ? sql`q.ask_date_time DESC, q.id DESC` : sql`qt0.ask_date_time DESC, qt0.question_id DESC`;
  const orderBy = {
    newest,
    unanswered: newest,
    active: sql`q.last_activity DESC, q.id DESC`,
    mostViewed: sql`q.view_count DESC, q.ask_date_time DESC, q.id DESC`,
  }[q.order ?? 'newest'];

  // Words in an order (decision record 0069): the total is counted to one past a window, the same
  // as a ranked search's (switching between relevance and an order keeps a common search's
  // "200+"), not to COUNT_CAP. Newest first, the page is cut from a ranked search's read of the
  // newest `window` + 1 matches (decision record 0066) and they are counted in the same statement.
  // The other orders read the page alone (the order's index walked testing the words, or the
  // matches sorted), and count their total beside it by the planner's own read of `window` + 1
  // matches (a bitmap of RUM's or GIN's index reads no tsvector). Active's and most viewed's
  // limits are literals (a generic plan costs a parameter as a tenth of the rows, and so sorted
  // every match); unanswered keeps main's statements, parameters and all, with the smaller limit:
  // with literals its kept plans cost 2–3× main's at 1M (measured, not explained: 0069). Only
  // the page's rows then read `questions` again.
  if (words && q.order) {
    const window = Math.max(SEARCH_CANDIDATES, q.offset + q.limit);
    const matched = filter([...tests, sql`q.search @@ ${query}`]);
    const unanswered = q.order === 'unanswered';
    if (q.order !== 'newest')
      return pageOf(db, {
        head: null,
        source: sql`questions q`,
        filter: matched,
        order: orderBy,
        page: pageLimit(q, !unanswered),
        count: {
          query: sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q ${matched} LIMIT ${unanswered ? sql`${window + 1}` : literalInt(window + 1)}) m`,
          cap: window,
          beside: true,
        },
        columns,
      });
    return pageOf(db, {
      head: await newestMatches(db, words, query, driving ?? null, otherTags, window + 1),
      source: sql`(SELECT c.id FROM m c ORDER BY c.ask_date_time DESC, c.id DESC ${pageLimit(q, false)}) c JOIN questions q ON q.id = c.id`,
      filter: sql``,
      order: sql`q.ask_date_time DESC, q.id DESC`,
      page: sql``,
      count: { query: sql`SELECT count(*)::int AS n FROM m`, cap: window, beside: false },
      columns,
    });
  }

  const where = filter(tests);
  const filtered = driving !== undefined || tests.length > 0;
  return pageOf(db, {
    head: null,
    source: sql`questions q`,
    filter: where,
    order: orderBy,
    page: pageLimit(q, tagAlone || !filtered),
    // Unfiltered, the total is the trigger-kept counter (migration 0004), not a count of every row.
    count: tagAlone
      ? {
          query: sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM question_tags WHERE tag_id = (SELECT ${driving}::bigint) LIMIT ${literalInt(COUNT_CAP + 1)}) m) - ${hiddenInTag(sql`(SELECT ${driving}::bigint)`)} AS n`,
          cap: COUNT_CAP,
          beside: false,
        }
      : filtered
        ? // Filtered, the total is counted up to one past the cap, beside the page.
          {
            query: sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q ${where} LIMIT ${COUNT_CAP + 1}) m`,
            cap: COUNT_CAP,
            beside: true,
          }
        : null,
    columns,
  });
}

/**
 * The page's rows of an ordered list. Where the list's plan cannot depend on its parameters
 * (`fixed`: ranked words, a tag alone, no filter; and words in an order walked for the page alone,
 * decision record 0069), the limit is a literal and a first page has
 * no offset: a parameter there is costed by a generic plan as a tenth of the rows, so the
 * connection would plan every request again (decision record 0046); later pages keep the
 * offset a parameter (one statement for all of them, planned per request as before). Other
 * filtered lists keep both parameters, so each request is planned for its own words and tags.
 */
const pageLimit = (q: QuestionListQuery, fixed: boolean) =>
  fixed
    ? sql`LIMIT ${literalInt(q.limit)}${q.offset > 0 ? sql` OFFSET ${q.offset}` : sql``}`
    : sql`LIMIT ${q.limit} OFFSET ${q.offset}`;

/** The columns a list row reads beyond the asker's name and reputation, and the item made of a row. */
interface Columns<Item> {
  select: SQL;
  item: (r: Row) => Item;
}

/**
 * The question's lists as kept in `question_lists` (migration 0025, decision record 0073): its tags
 * as the REST summary and the /home screen show them, and the ids of its answers and comments.
 * One probe of the table's key within the row's own subquery (so the page's plan is unchanged);
 * a question without a row there has empty lists.
 */
const withLists = sql`FROM (SELECT) one LEFT JOIN question_lists l ON l.question_id = q.id`;
/** The question's tags in their order, as a JSON array of id and name. */
const tagsJson = sql`(SELECT coalesce(l.tag_refs, '[]') ${withLists}) AS tags`;
const tagsOf = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Row[]) : (v as Row[]));

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds), so PostgreSQL's JSON is the one Node would write. */
const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The REST shape (SPEC §3 summary: the excerpt, ids of answers and comments, voters and viewers,
 * each bounded, tags with descriptions) as the JSON text `JSON.stringify` would write, built by
 * PostgreSQL (decision record 0056): `row_to_json` and `array_to_json` write no spaces and keep the
 * columns' order, so the web process neither parses the row's arrays and dates nor serialises the page.
 */
const SUMMARY: Columns<string> = {
  select: sql`(SELECT row_to_json(s)::text FROM (SELECT q.id::text AS "_id", q.title, left(q.text, ${EXCERPT}) AS text,
    coalesce(l.tags, '[]') AS tags,
    u.username AS "askedBy", ${isoText(sql`q.ask_date_time`)} AS "askDateTime", ${isoText(sql`q.last_activity`)} AS "lastActivity",
    coalesce(l.answers[:${QUESTION_LIMITS.answers}], '{}') AS answers, coalesce(l.comments[:${QUESTION_LIMITS.comments}], '{}') AS comments,
    ARRAY(SELECT vu.username FROM question_votes v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id AND v.value = 1 LIMIT ${QUESTION_LIMITS.voters}) AS "upVotes",
    ARRAY(SELECT vu.username FROM question_votes v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id AND v.value = -1 LIMIT ${QUESTION_LIMITS.voters}) AS "downVotes",
    ARRAY(SELECT vu.username FROM question_views v JOIN users vu ON vu.id = v.user_id WHERE v.question_id = q.id LIMIT ${QUESTION_LIMITS.viewers}) AS views,
    q.answer_count AS "answerCount", q.view_count AS "viewCount", q.score, q.accepted_answer_id::text AS "acceptedAnswer", ${isoText(sql`q.edited_at`)} AS "editedAt" ${withLists}) s) AS summary`,
  item: (r) => String(r.summary),
};

/** What the /home list shows: the question row's own columns and its tags' ids and names. */
const LIST_ITEM: Columns<QuestionListItem> = {
  select: sql`q.id, q.title, q.ask_date_time, q.answer_count, q.view_count, q.score, q.accepted_answer_id, ${tagsJson}`,
  item: (r) => ({
    _id: String(r.id),
    title: String(r.title),
    tags: tagsOf(r.tags).map((t) => ({ _id: String(t.id), name: String(t.name) })),
    askedBy: str(r.asked_by),
    askDateTime: iso(r.ask_date_time),
    score: Number(r.score),
    answerCount: Number(r.answer_count),
    viewCount: Number(r.view_count),
    acceptedAnswer: str(r.accepted_answer_id),
  }),
};

/** The /home row and the start of the question's text. */
const SEARCH_ITEM: Columns<QuestionSearchItem> = {
  select: sql`${LIST_ITEM.select}, left(q.text, ${EXCERPT_SOURCE_CHARS}) AS text_start`,
  item: (r) => ({ item: LIST_ITEM.item(r), textStart: String(r.text_start) }),
};

/**
 * One page read from `source` (aliased q; `filter` joins and tests it) in `order`, cut to
 * `page` (empty when the source is cut already), and its total: `count` counts at most
 * `cap` + 1 matches, null means the whole table (the trigger-kept counter). The total is a
 * column of the page's own statement, except for a count `beside` the page (a filtered list's
 * count that reads the questions: it runs on another connection); a page past the last row
 * has no row to carry it, so it is then asked on its own.
 */
async function pageOf<Item>(
  db: Db,
  {
    head,
    source,
    filter,
    order,
    page: cut,
    count,
    columns,
  }: {
    head: SQL | null;
    source: SQL;
    filter: SQL;
    order: SQL;
    page: SQL;
    count: { query: SQL; cap: number; beside: boolean } | null;
    columns: Columns<Item>;
  },
): Promise<QuestionPage<Item>> {
  const totalQuery = count ? count.query : sql`SELECT total::int AS n FROM question_totals`;
  const inline = !count?.beside;
  const page = rows(
    db,
    sql`${head ?? sql``} SELECT ${columns.select}, u.username AS asked_by, u.reputation ${inline ? sql`, (${totalQuery}) AS total_n` : sql``}
        FROM ${source} LEFT JOIN users u ON u.id = q.asked_by
        ${filter} ORDER BY ${order} ${cut}`,
  );
  const separate = inline ? null : rows(db, totalQuery);
  const [pageRows, totals] = await Promise.all([page, separate]);
  const counted = Number(
    inline
      ? (pageRows[0]?.total_n ?? (await rows(db, sql`${head ?? sql``} ${totalQuery}`))[0]?.n ?? 0)
      : (totals?.[0]?.n ?? 0),
  );

  const reputations: Reputations = {};
  for (const r of pageRows)
    if (r.asked_by !== null && r.asked_by !== undefined) reputations[String(r.asked_by)] = Number(r.reputation);
  return {
    questions: pageRows.map(columns.item),
    total: count ? Math.min(counted, count.cap) : counted,
    totalCapped: count !== null && counted > count.cap,
    reputations,
  };
}
