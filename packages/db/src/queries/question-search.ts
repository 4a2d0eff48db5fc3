/**
 * How a search ranked by relevance finds its candidates (decision records 0035, 0041, 0048, 0051,
 * 0055): the newest matches of its words (and its tags), read along whichever index is cheaper for
 * how common the words and the tag are (a walk of the date order over `question_search`, bounded
 * by what the full-text index would cost; with tags, also the intersection of the words' and the
 * tags' posting lists; on a site cut into time tiers, decision record 0074, the tiers' own indexes
 * newest first instead of the whole ones), and ranked as they are read, as a CTE
 * `m (id, ask_date_time, rank)` that the page orders and counts in the same statement. The
 * frequencies are the planner's own estimates (the column's statistics), asked for with
 * EXPLAIN and kept for a minute.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { FIRST_TIER_ROWS, searchTiers, tierCondition, type SearchTier } from './search-tiers.ts';
import { cachedEstimate } from './planner-estimates.ts';
import { rows } from './sql-rows.ts';

/**
 * Ranked by relevance, a search ranks only this many of the newest matches (never fewer than
 * the page needs), and counts its matches up to the same number: past it the total is a lower
 * bound. Each candidate's tsvector is read and ranked, so this is what one search costs.
 */
export const SEARCH_CANDIDATES = 200;

/** Orders after every ask time, so RUM's `<=|` distance from it puts the newest first. */
const FAR_FUTURE = '2200-01-01T00:00:00Z';

/**
 * Cost of testing one row's tsvector while walking a date order, against that of handing out
 * one match from the full-text index (RUM: collected and sorted by its attached ask time; GIN:
 * a bitmap, its rows read and sorted). A walked row of `question_search` (migration 0021: the
 * tsvector in the row) costs ~1.2 µs, a RUM match ~0.45 µs, at 100k questions: about 3
 * (decision record 0051; reading the tsvector from `questions`' TOAST, it was 8, 0041). GIN's
 * match costs a row read (not measured again since 0021).
 */
const WALK_PER_MATCH = { rum: 3, gin: 4 } as const;

/**
 * The same for walking a tag's rows (its index, then each question's `question_search` row by
 * key), where the words are met at their share *within the tag*, which the statistics do not
 * know (they take the tag and the words as independent). The walk is bounded (0048), so a word
 * rarer in the tag than guessed costs at most about three times the index read. Walking
 * `questions`, 28 kept unrelated words on RUM at 1M (0041, 0048); with the tsvector in the row a
 * walked tag row costs half as much (0051: 8). Against the intersection (0055) a walked tag row
 * costs ~1.9 µs and a match of the intersection ~1.3 µs at 100k, each read forced: 1.5 × 1.9 ÷
 * 1.3 ≈ 2 (decision record 0059), which picks the cheaper read for all 18 benchmark words there.
 * At 1M two words rarer in the tag than the product of shares says walk to the bound and then
 * fall back (0059's addendum): the estimate, not this constant, is what misleads there (decision
 * record 0065).
 */
const TAG_WALK_PER_MATCH = { rum: 2, gin: 4 } as const;

/**
 * Cost of one match of the words within the tags read from the intersection of their posting
 * lists (migration 0022: `question_search`'s GIN index over its tag ids and its tsvector), against
 * a RUM match: each one is a `question_search` row read and sorted by date, the lists themselves
 * are skipped through. ~0.65 µs a match at 100k questions, a RUM match ~0.45 µs (decision record
 * 0055; at 1M about twice that, its rows on more pages).
 */
const INTERSECT_PER_MATCH = 1.5;

/**
 * With time tiers (migration 0026, decision record 0074), the cost of one match read from a tier
 * (its bitmap, its `question_search` row, the tier's sort by date) against one row walked newest
 * first and tested: at 100k questions ~2.4 µs against ~0.95 µs. And the cost of opening a tier (its
 * GIN probe, the words' posting lists within it), in walked rows.
 */
const TIER_PER_MATCH = 2.5;
const TIER_OPEN = 30;
/**
 * A tag's row walked newest first (its index entry, then its `question_search` row by key) in
 * walked rows of the whole site: ~2.9 µs at 100k (the whole of `[quantum-gate]`, 16k rows, walked
 * for a word it lacks), against ~0.95 µs.
 */
const TAG_WALK_ROW = 3;

/**
 * The matches a tier read takes to keep `limit`, at the words' share `share` of the questions: the
 * tiers double going back (first × (2^k − 1) rows in the newest k), so the tiers it opens hold, on
 * average, half as many rows again as the `limit` ÷ `share` it needs, and at least the first tier;
 * never more than all the matches. And the tiers it opens, at most all of them.
 */
function tierReadSize(
  limit: number,
  share: number,
  matches: number,
  tiers: number,
): { matches: number; opened: number } {
  const needed = limit / share;
  const opened = Math.min(tiers, Math.max(1, Math.ceil(Math.log2(needed / FIRST_TIER_ROWS + 1))));
  return { matches: Math.min(matches, 1.5 * limit + (share * FIRST_TIER_ROWS) / 2), opened };
}

const rumChecks = new WeakMap<Db, Promise<boolean>>();
/** Whether migrations 0011 and 0024 found the RUM extension on this database (asked once per database). */
function rumIndexed(db: Db): Promise<boolean> {
  let known = rumChecks.get(db);
  if (!known) {
    known = rows(
      db,
      sql`SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'question_search_rum_idx'`,
    ).then((r) => r.length > 0);
    known.catch(() => rumChecks.delete(db));
    rumChecks.set(db, known);
  }
  return known;
}

interface PlanNode {
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/**
 * The planner's row estimates: the questions, the words' matches (it takes the words as
 * independent: a product of their shares), the rarest single word's matches (a conjunction has
 * at most as many), and the tag's rows (null: no tag).
 */
type Estimates = { questions: number; words: number; rarest: number; tag: number | null };

/** The words' full-text query (websearch syntax, English stemming). */
export const fullTextQuery = (words: string): SQL => sql`websearch_to_tsquery('english', ${words})`;

/** Single words whose estimates bound the query's matches (a subset bounds them as well as all). */
const WORDS_ESTIMATED = 8;

/** The planner's estimates for `words` (and the tag), asked once a minute per database: a search repeated soon costs no planning pass. */
const estimatesOf = (db: Db, words: string, query: SQL, tagId: number | null): Promise<Estimates> =>
  cachedEstimate(db, 'questions', `${tagId ?? ''} ${words}`, () => estimates(db, words, query, tagId));

/** The planner's estimates of the questions, the words' matches, each single word's, and the tag's rows, in one planning pass. */
async function estimates(db: Db, words: string, query: SQL, tagId: number | null): Promise<Estimates> {
  const tag = tagId === null ? sql`` : sql`UNION ALL SELECT 1 FROM question_tags WHERE tag_id = ${literalInt(tagId)}`;
  const singles = [...new Set(words.split(' ').filter(Boolean))].slice(0, WORDS_ESTIMATED);
  const each =
    singles.length > 1
      ? singles.map((w) => sql` UNION ALL SELECT 1 FROM questions q WHERE q.search @@ ${fullTextQuery(w)}`)
      : [];
  const [row] = await rows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM questions UNION ALL SELECT 1 FROM questions q WHERE q.search @@ ${query} ${tag}${sql.join(each, sql``)}`,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const counts = (parsed[0]?.Plan.Plans ?? []).map((p) => Math.max(1, p['Plan Rows']));
  const [questions = 1, matches = 1] = counts;
  // A stop word alone is no query (estimated at one row): it bounds nothing. Below the words'
  // own estimate (an OR), a single word is no bound either.
  const bounds = counts.slice(tagId === null ? 2 : 3).filter((n) => n > 1);
  const rarest = Math.max(matches, bounds.length ? Math.min(...bounds) : matches);
  return { questions, words: matches, rarest, tag: tagId === null ? null : (counts[2] ?? 1) };
}

/**
 * The words' matches read from an index: the full-text one (RUM over `question_search` where
 * migration 0024 made it, GIN over `questions` elsewhere), or, with tags, `question_search`'s index
 * of the words and the tags together (`intersect`, migration 0022); where the site has been cut
 * into time tiers, their indexes of the words and tags, newest first (`tiers`, migration 0026).
 */
export type IndexRead = 'rum' | 'gin' | 'intersect' | 'tiers';

/**
 * How a ranked search reads its newest matches: from the full-text index, or walking a date order
 * newest first and testing each row — at most `rows` of them, after which it reads the index
 * (`then`) instead (decision record 0048).
 */
export type MatchRead = { how: IndexRead } | { how: 'walk'; rows: number; then: IndexRead };

/**
 * Walking newest first and testing each row costs about limit ÷ (the words' share of the rows)
 * row tests; taking the words' matches from the full-text index costs about one index entry per
 * match (and, with a tag, a probe of the tag per match used); with a tag, intersecting the words'
 * and the tag's posting lists costs a row per match within the tag (taken as independent of the
 * tag, as the statistics take them). The cheapest one is read. The
 * share is an estimate (and, within a tag, a guess: the statistics take the tag and the words as
 * independent), so a walk stops after as many rows as the index read was estimated to cost
 * (with a tag, and the intersection to fall back to, sooner if the intersection would cost that
 * at the share the walk has shown by then: `tagWalkBound`), rounded up to a power of two (few
 * statement texts), and reads the index instead: never a walk of the whole site or tag. A walk
 * whose guess already has it reach that bound is costed with its fallback: the index is read.
 */
export function cheaperRead(est: Estimates, limit: number, rum: boolean, tiers = 0): MatchRead {
  const index = rum ? 'rum' : 'gin';
  // Words typed together co-occur: their matches lie between the planner's product of shares
  // and the rarest word's. The geometric middle is the guess whose worst error, as a ratio, is
  // least over that range (decision record 0048); the walk's bound covers the rest.
  const matches = Math.sqrt(est.words * Math.max(est.words, est.rarest));
  const wordShare = Math.min(1, matches / est.questions);
  if (tiers > 0)
    return est.tag === null
      ? walkOrTiers(limit, wordShare, matches, tiers)
      : walkOrTiers(limit, wordShare, wordShare * est.tag, tiers, est.tag / est.questions, TAG_WALK_ROW);
  const walkCost = (limit / wordShare) * (est.tag === null ? WALK_PER_MATCH : TAG_WALK_PER_MATCH)[index];
  const fullTextCost = matches + (est.tag === null ? 0 : limit * (est.questions / est.tag));
  const intersectCost = est.tag === null ? Infinity : wordShare * est.tag * INTERSECT_PER_MATCH;
  const [read, cost]: [IndexRead, number] =
    intersectCost < fullTextCost ? ['intersect', intersectCost] : [index, fullTextCost];
  if (walkCost > cost) return { how: read };
  // Past its bound, a walk has shown the words rarer than `limit` ÷ the rows it read: the index
  // read, whose cost grows with their share (the intersection within the tag, or the full-text
  // index without one), is then cheap enough to stop for (`tagWalkBound`, `walkBound`).
  const shown =
    read === 'intersect'
      ? tagWalkBound(est.tag!, limit, index)
      : est.tag === null
        ? walkBound(est.questions, limit, index)
        : Infinity;
  const bound = Math.min(cost / WALK_PER_MATCH[index], shown);
  const rows = 2 ** Math.ceil(Math.log2(Math.max(limit, bound)));
  // A walk expected to need more rows than its bound is expected to read them all and then the
  // index: dearer than the index read alone (decision record 0065). Only a tag walk on RUM can be:
  // its rows are costed at 2, its bound at 3 a row (the untagged walk's).
  if (limit / wordShare > rows) return { how: read };
  return { how: 'walk', rows, then: read };
}

/**
 * How many of a tag's rows a walk reads before it falls back to the intersection (decision record
 * 0065). The walk finds `limit` matches in limit ÷ s rows, s the words' share within the tag, and
 * the intersection costs a read per match within the tag, s × tag; the statistics do not know s
 * (they take it for the words' share of the whole site). Having walked r rows without `limit`
 * matches, the walk has shown that s < limit ÷ r, so the intersection would cost less than
 * limit ÷ r × tag matches: the walk stops where what it has spent reaches that,
 * r × TAG_WALK_PER_MATCH = limit ÷ r × tag × INTERSECT_PER_MATCH. That r is also the walk's
 * expected length at the share where both reads cost the same, so every walk chosen is expected
 * to end within it; a word rarer in the tag than guessed wastes at most the intersection read at
 * that share, not at the share guessed. It grows with the square root of the tag's size, where the
 * intersection's guessed cost grows with the tag and with the words' guessed share in it.
 */
export function tagWalkBound(tag: number, limit: number, index: 'rum' | 'gin'): number {
  return Math.sqrt((limit * tag * INTERSECT_PER_MATCH) / TAG_WALK_PER_MATCH[index]);
}

/**
 * The same bound for a walk without a tag, falling back to the full-text index (a match there
 * costs 1, a walked row `WALK_PER_MATCH`): having walked r rows without `limit` matches, the words
 * hold fewer than limit ÷ r × questions matches, so the walk stops where r × WALK_PER_MATCH
 * reaches that: √(limit × questions ÷ WALK_PER_MATCH) (decision record 0071). A walk the choice
 * makes is expected to end within it: its expected rows are below it exactly when walking is
 * cheaper than the index read at the guessed share.
 */
export function walkBound(questions: number, limit: number, index: 'rum' | 'gin'): number {
  return Math.sqrt((limit * questions) / WALK_PER_MATCH[index]);
}

/**
 * On a site cut into tiers (decision record 0074): walking the site's date order (or, with a tag,
 * the tag's rows: `rowCost` walked rows each) costs a row per `limit` ÷ share, the tier read
 * `TIER_PER_MATCH` a match it reads and `TIER_OPEN` a tier it opens (both in walked rows), and the
 * cheaper is read. `within` is the tag's share of the site (1 without one): the tiers read the
 * words and the tags together, their intersection taken, as the statistics take it, as the product
 * of the two; `matches` are the words' matches within it. A walk stops where what it has spent
 * reaches what the tier read would cost at the share it has shown by then (`tierWalkBound`), and
 * reads the tiers instead.
 */
function walkOrTiers(limit: number, share: number, matches: number, tiers: number, within = 1, rowCost = 1): MatchRead {
  const read = tierReadSize(limit, share * within, matches, tiers);
  const tierCost = read.matches * TIER_PER_MATCH + read.opened * TIER_OPEN;
  const walkRows = limit / share;
  const rows = 2 ** Math.ceil(Math.log2(Math.max(limit, tierWalkBound(limit, rowCost, within))));
  if (walkRows * rowCost > tierCost || walkRows > rows) return { how: 'tiers' };
  return { how: 'walk', rows, then: 'tiers' };
}

/**
 * How many rows a walk reads before it reads the tiers instead: having walked r rows (each costing
 * `rowCost` walked rows of the whole site; of a tag holding `within` of the site) without `limit`
 * matches, the words' share (in the tag) is below `limit` ÷ r, at which the tier read would cost
 * `TIER_PER_MATCH` × (1.5 × limit + limit ÷ r × within × first ÷ 2) walked rows; the walk stops
 * where it has spent that: rowCost × r² = TIER_PER_MATCH × (1.5 × limit × r + limit × within ×
 * first ÷ 2). About 1,200 rows for a limit of 201 without a tag: the bound no longer grows with the site.
 */
export function tierWalkBound(limit: number, rowCost = 1, within = 1): number {
  const a = (TIER_PER_MATCH * 1.5 * limit) / rowCost;
  const b = (TIER_PER_MATCH * limit * within * FIRST_TIER_ROWS) / 2 / rowCost;
  return (a + Math.sqrt(a * a + 4 * b)) / 2;
}

/**
 * `WITH m AS (…)`: up to `limit` matches of `query` (tagged `tagId` and `otherTags` when given),
 * newest first, read as `read` says, each with its `ts_rank_cd` rank: the walk and RUM rank the
 * row they have already fetched, so the page reads only its own rows again. A walk (`w`) reads
 * only the newest `rows` questions (of the tag); when they hold fewer than `limit` matches and
 * there are older ones (`b`, asked only then), `m` is the index read instead. Either way `m`
 * holds the same rows: the newest `limit` matches.
 */
export function matchesCte(
  read: MatchRead,
  query: SQL,
  tagId: number | null,
  otherTags: number[],
  limit: number,
  tiers: SearchTier[] = [],
): SQL {
  const and = (more: SQL[]) => (more.length ? sql` AND ${sql.join(more, sql` AND `)}` : sql``);
  const hasTag = (id: SQL, probe: SQL = sql``) =>
    sql`EXISTS (SELECT 1 FROM question_tags qt WHERE qt.question_id = q.id AND qt.tag_id = ${id}${probe})`;
  const tagIds = [...(tagId === null ? [] : [tagId]), ...otherTags];
  // The index reads keep the words, the tags and the limit visible to the planner: how many
  // matches the words have decides there between reading them in date order and sorting them.
  // `words`, `idOf` (a tag id), `probes` and `lim` are how the statement writes them (the walk's
  // fallback below writes them as the walk does).
  const indexRead = (how: IndexRead, words: SQL, idOf: (id: number) => SQL, probes: boolean, lim: SQL) => {
    const tagged = tagIds.map((id) => hasTag(idOf(id), probes ? sql` OFFSET 0` : sql``));
    const rank = sql`ts_rank_cd(q.search, ${words}) AS rank`;
    // RUM hands the words' matches out newest first from its posting lists; only those kept are
    // ranked, each from its `question_search` row (the tsvector inline, not in `questions`' TOAST:
    // decision record 0063).
    // GIN: every match from a bitmap (OFFSET 0 keeps the date order from being pushed into a walk),
    // sorted by date alone (a sort carrying the tsvectors would outgrow work_mem); the newest
    // `limit` are then read again by key and ranked. The intersection: every match within the
    // tags from one bitmap of `question_search`'s index of both, its rows (the tsvector inline)
    // kept by a top-`limit` sort, then ranked.
    // Tiers: each tier's matches (within the tags) from its own partial index (a bitmap: OFFSET 0
    // keeps the planner from walking the date order instead), sorted by date and cut to the
    // limit; the tiers are appended newest first and the whole is cut to the limit, so a tier is
    // read only while the newer ones held fewer (an Append runs its parts in turn, and the LIMIT
    // stops asking). Only the kept rows are ranked. The words and tags are InitPlans and the limit
    // a literal, so the connection keeps the statement's generic plan (0046), costed as a custom one.
    if (how === 'tiers') {
      const tq = sql`(SELECT ${query})`;
      const tagged = tagIds.length
        ? sql` AND tag_ids @> ARRAY[${sql.join(
            tagIds.map((id) => sql`(SELECT ${id}::bigint)`),
            sql`, `,
          )}]::bigint[]`
        : sql``;
      const parts = tiers.map(
        (
          tier,
        ) => sql`(SELECT * FROM (SELECT id, ask_date_time, search FROM question_search WHERE search @@ ${tq}${tagged} AND ${tierCondition(tier)} OFFSET 0) t
              ORDER BY ask_date_time DESC, id DESC LIMIT ${literalInt(limit)})`,
      );
      return sql`SELECT q.id, q.ask_date_time, ts_rank_cd(q.search, ${tq}) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) q LIMIT ${literalInt(limit)}`;
    }
    if (how === 'intersect')
      return sql`SELECT q.id, q.ask_date_time, ${rank} FROM (SELECT * FROM (SELECT s.id, s.ask_date_time, s.search FROM question_search s
              WHERE s.search @@ ${words} AND s.tag_ids @> ARRAY[${sql.join(tagIds.map(idOf), sql`, `)}]::bigint[] OFFSET 0) s
              ORDER BY ask_date_time DESC, id DESC LIMIT ${lim}) q`;
    return how === 'rum'
      ? sql`SELECT q.id, q.ask_date_time, ${rank} FROM question_search q WHERE q.search @@ ${words}${and(tagged)}
            ORDER BY q.ask_date_time <=| ${FAR_FUTURE}::timestamptz LIMIT ${lim}`
      : sql`SELECT n.id, n.ask_date_time, ${rank} FROM (SELECT id, ask_date_time FROM (SELECT q.id, q.ask_date_time FROM questions q
              WHERE q.search @@ ${words} AND q.hidden IS NULL${and(tagged)} OFFSET 0) q ORDER BY ask_date_time DESC, id DESC LIMIT ${lim}) n JOIN questions q ON q.id = n.id`;
  };
  if (read.how !== 'walk')
    return sql`WITH m AS MATERIALIZED (${indexRead(read.how, query, (id) => sql`${id}`, false, sql`${limit}`)})`;

  // Newest first along the date index (or, with a tag, the tag's own (tag_id, ask time) index),
  // testing each row of `question_search` (migration 0021: the tsvector stored in the row, not
  // read from TOAST as `questions` holds it; decision record 0051). The test is the operator's
  // function, which no index answers: a prepared statement's generic plan (which cannot see how
  // common the words are) must walk too. As the plan cannot depend on the words or the tags, they
  // are InitPlans here, computed once per statement, other tags are probes of each row (OFFSET 0:
  // never a join of all their rows), and the limit is a literal: the planner then costs the
  // generic plan as it costs a custom one, and the connection keeps it instead of planning every
  // search again (decision record 0046).
  const words = sql`(SELECT ${query})`;
  const idOf = (id: number) => sql`(SELECT ${id}::bigint)`;
  const probe = (id: number) => hasTag(idOf(id), sql` OFFSET 0`);
  const tests = otherTags.map(probe);
  const head = sql`SELECT q.id, ${tagId === null ? sql`q` : sql`qt0`}.ask_date_time, ts_rank_cd(q.search, ${words}) AS rank`;
  const test = sql`ts_match_vq(q.search, ${words})${and(tests)}`;
  // The newest `rows` questions (of the tag), read lazily, and (`rest`) whatever is older: asked
  // of `questions_ask_idx` (the same questions), an index-only read that is costed as one where
  // `question_search`'s visibility map is not set yet (just migrated, not vacuumed yet).
  const [walk, rest] =
    tagId === null
      ? [
          sql`${head} FROM (SELECT id, ask_date_time, search FROM question_search ORDER BY ask_date_time DESC, id DESC LIMIT ${literalInt(read.rows)}) q
              WHERE ${test} ORDER BY q.ask_date_time DESC, q.id DESC LIMIT ${literalInt(limit)}`,
          sql`SELECT 1 FROM questions ORDER BY ask_date_time DESC, id DESC`,
        ]
      : [
          sql`${head} FROM (SELECT question_id, ask_date_time FROM question_tags WHERE tag_id = ${idOf(tagId)} ORDER BY ask_date_time DESC, question_id DESC LIMIT ${literalInt(read.rows)}) qt0
              JOIN question_search q ON q.id = qt0.question_id WHERE ${test} ORDER BY qt0.ask_date_time DESC, qt0.question_id DESC LIMIT ${literalInt(limit)}`,
          sql`SELECT 1 FROM question_tags WHERE tag_id = ${idOf(tagId)} ORDER BY ask_date_time DESC, question_id DESC`,
        ];
  const found = sql`(SELECT count(*) FROM w)`;
  const cut = sql`(SELECT cut FROM b)`;
  // The fallback writes the words, tags and limit as the walk does, so the statement's plan still
  // cannot depend on them and the connection keeps it (0046); with parameters there, PostgreSQL
  // planned the whole statement again on every search. Its tags are probes of each match (OFFSET
  // 0): blind to the tag's rows, the planner otherwise hash-joined all of them to every match of
  // the words (`[quantum-gate] annealing` at 1M, read forced: 265 ms, with probes 25 ms).
  const fallback = indexRead(read.then, words, idOf, true, literalInt(limit));
  return sql`WITH w AS MATERIALIZED (${walk}), b AS MATERIALIZED (SELECT EXISTS (${rest} OFFSET ${literalInt(read.rows)}) AS cut),
    m AS MATERIALIZED (SELECT * FROM w WHERE ${found} >= ${literalInt(limit)} OR NOT ${cut}
      UNION ALL SELECT * FROM (${fallback}) r WHERE ${found} < ${literalInt(limit)} AND ${cut})`;
}

/** A non-negative integer written into the statement's text (a literal the planner costs exactly, unlike a parameter). */
export function literalInt(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/** The CTE `m` of a ranked search for `words` (as `query`): its newest matches, read the cheaper way for the words' and the tag's frequencies, ranked. */
export async function newestMatches(
  db: Db,
  words: string,
  query: SQL,
  tagId: number | null,
  otherTags: number[],
  limit: number,
): Promise<SQL> {
  const [rum, est, tiers] = await Promise.all([rumIndexed(db), estimatesOf(db, words, query, tagId), searchTiers(db)]);
  return matchesCte(cheaperRead(est, limit, rum, tiers.length), query, tagId, otherTags, limit, tiers);
}
