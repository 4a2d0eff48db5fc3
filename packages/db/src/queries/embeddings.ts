/**
 * Storage side of natural-language search: the embedding job queue (filled by a trigger, see
 * schema/semantic.ts), the stored embeddings, nearest neighbours through pgvector's HNSW index
 * where the extension is installed, and the full-text and per-candidate scores the hybrid
 * ranking combines. Vectors are written as number arrays and read back in binary form; the
 * ranking lives in packages/search.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rows, type Row } from './sql-rows.ts';

export interface EmbeddingJob {
  questionId: number;
  title: string;
  text: string;
  /** Exactly as stored (text keeps the microseconds a Date would drop). */
  enqueuedAt: string;
  /** The text the model reads changed, or the question has no vector of this model: false when only what it is about changed (migration 0020). */
  embed: boolean;
}

/** The oldest queued questions with the text to embed. Jobs stay queued until saved. */
export async function nextEmbeddingJobs(db: Db, model: string, limit: number): Promise<EmbeddingJob[]> {
  const found = await rows(
    db,
    sql`SELECT j.question_id, j.enqueued_at::text AS enqueued_at, q.title, left(q.text, 2000) AS text,
               j.text_changed OR NOT EXISTS (SELECT 1 FROM question_embeddings e WHERE e.question_id = j.question_id AND e.model = ${model}) AS embed
        FROM embedding_jobs j JOIN questions q ON q.id = j.question_id
        ORDER BY j.enqueued_at, j.question_id LIMIT ${limit}`,
  );
  return found.map((r) => ({
    questionId: Number(r.question_id),
    title: String(r.title),
    text: String(r.text),
    enqueuedAt: String(r.enqueued_at),
    embed: r.embed === true,
  }));
}

export async function countEmbeddingJobs(db: Db): Promise<number> {
  const [row] = await rows(db, sql`SELECT count(*)::int AS n FROM embedding_jobs`);
  return Number(row?.n ?? 0);
}

/**
 * Stores embeddings, with the terms of what each question is about (`question_about`, migration
 * 0018: title, tags, body, accepted or best answer), and removes their jobs, unless a job was
 * queued again (the question was edited) while this one was being embedded: that job stays for
 * the next round. A `null` vector keeps the stored one and rewrites `about` only (a job whose
 * text did not change); its job stays if that vector is gone (then it is embedded next round).
 */
export async function saveEmbeddings(
  db: Db,
  model: string,
  done: { job: EmbeddingJob; vector: ArrayLike<number> | null }[],
): Promise<void> {
  if (!done.length) return;
  const ids = done.map((d) => d.job.questionId);
  const vectors = done.map((d) => (d.vector ? `{${Array.from(d.vector).join(',')}}` : null));
  const stamps = done.map((d) => d.job.enqueuedAt);
  await db.execute(sql`WITH input AS (
      SELECT i.*, e.embedding AS stored FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(vectors)}::text[], ${sql.param(stamps)}::timestamptz[]) AS i(id, vec, stamp)
      LEFT JOIN question_embeddings e ON e.question_id = i.id AND e.model = ${model}
    ), saved AS (
      INSERT INTO question_embeddings (question_id, model, embedding, about, updated_at)
      SELECT i.id, ${model}, coalesce(i.vec::real[], i.stored), question_about(i.id), now() FROM input i JOIN questions q ON q.id = i.id
      WHERE i.vec IS NOT NULL OR i.stored IS NOT NULL
      ON CONFLICT (question_id) DO UPDATE SET model = excluded.model, embedding = excluded.embedding, about = excluded.about, updated_at = excluded.updated_at
    )
    DELETE FROM embedding_jobs j USING input i WHERE j.question_id = i.id AND j.enqueued_at <= i.stamp AND (i.vec IS NOT NULL OR i.stored IS NOT NULL)`);
}

/** Queues every question (or those embedded by another model) for embedding. */
export async function enqueueAllEmbeddings(db: Db, onlyStaleFor?: string): Promise<void> {
  const stale = onlyStaleFor
    ? sql`WHERE NOT EXISTS (SELECT 1 FROM question_embeddings e WHERE e.question_id = q.id AND e.model = ${onlyStaleFor})`
    : sql``;
  await db.execute(
    sql`INSERT INTO embedding_jobs (question_id, text_changed) SELECT q.id, true FROM questions q ${stale} ON CONFLICT (question_id) DO UPDATE SET enqueued_at = now(), text_changed = true`,
  );
}

/** True when migration 0004 found pgvector and added the indexed `vec` column. */
export async function hasVectorIndex(db: Db): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'question_embeddings' AND column_name = 'vec'`,
  );
  return found.length > 0;
}

/**
 * Which embeddings of one model were stamped after `since` (ids and stamps in epoch
 * milliseconds, microseconds kept as the fraction), and the database's clock when reading.
 */
export async function embeddingStampsSince(
  db: Db,
  model: string,
  since: number,
): Promise<{ now: number; stamps: { questionId: number; updatedAt: number }[] }> {
  const found = await rows(
    db,
    sql`SELECT question_id, extract(epoch FROM updated_at)::float8 * 1000 AS stamp FROM question_embeddings
        WHERE model = ${model} AND updated_at > to_timestamp(${since / 1000})
        UNION ALL SELECT NULL, extract(epoch FROM now())::float8 * 1000`,
  );
  const now = Number(found.at(-1)?.stamp);
  return {
    now,
    stamps: found.slice(0, -1).map((r) => ({ questionId: Number(r.question_id), updatedAt: Number(r.stamp) })),
  };
}

/**
 * A `real[]` in PostgreSQL's binary form (`array_send`: dimensions, then a length and a
 * big-endian float per element), read without going through text: an order of magnitude
 * faster than parsing `{0.0123,…}` when loading 100k vectors.
 */
function floatsOf(value: unknown): Float32Array {
  const bytes = value as Uint8Array;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dims = view.getInt32(0);
  const count = dims === 1 ? view.getInt32(12) : 0;
  const out = new Float32Array(count);
  for (let i = 0, at = 12 + 8 * dims + 4; i < count; i++, at += 8) out[i] = view.getFloat32(at);
  return out;
}

/** The stored vectors of these questions, when made by `model`. */
export async function embeddingsOf(
  db: Db,
  model: string,
  ids: number[],
): Promise<{ questionId: number; embedding: Float32Array }[]> {
  if (!ids.length) return [];
  const found = await rows(
    db,
    sql`SELECT question_id, array_send(embedding) AS embedding FROM question_embeddings WHERE model = ${model} AND question_id = ANY(${sql.param(ids)}::bigint[])`,
  );
  return found.map((r) => ({ questionId: Number(r.question_id), embedding: floatsOf(r.embedding) }));
}

export interface Scored {
  questionId: number;
  score: number;
}

/** Nearest questions by cosine similarity through the HNSW index (needs `hasVectorIndex`). */
export async function nearestByVector(
  db: Db,
  model: string,
  vector: ArrayLike<number>,
  limit: number,
): Promise<Scored[]> {
  const literal = `[${Array.from(vector).join(',')}]`;
  const found = await rows(
    db,
    sql`SELECT question_id, 1 - (vec <=> ${literal}::vector) AS score FROM question_embeddings
        WHERE model = ${model} AND vec IS NOT NULL ORDER BY vec <=> ${literal}::vector LIMIT ${limit}`,
  );
  return found.map((r) => ({ questionId: Number(r.question_id), score: Number(r.score) }));
}

/** How many questions a word may match and still pick candidates: a common word matches most questions. */
const RANKED_MATCHES = 1000;

/**
 * Stems that alone match more questions than a candidate pool holds, with about how many they
 * match, by the column statistics ANALYZE keeps (`pg_stats.most_common_elems` and the table's
 * row estimate; none before the first ANALYZE, and none on a site too small to fill a pool).
 * Read once in a while by the search, not per query: the view costs more to plan than the search itself.
 */
export async function commonStems(db: Db): Promise<Map<string, number>> {
  const found = await rows(
    db,
    sql`SELECT u.stem, u.share * c.reltuples AS matches FROM pg_stats s JOIN pg_class c ON c.relname = s.tablename AND c.relnamespace = s.schemaname::regnamespace,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(stem, share)
        WHERE s.schemaname = current_schema() AND s.tablename = 'questions' AND s.attname = 'search'
          AND u.stem IS NOT NULL AND u.share * c.reltuples > ${RANKED_MATCHES}`,
  );
  return new Map(found.map((r) => [String(r.stem), Number(r.matches)]));
}

/**
 * The common stems and their counts as PostgreSQL array literals (text[], float8[]), made once
 * per map: a search keeps one map for a minute, and the driver's per-query serialisation of
 * ~1,000 elements was ~1 ms of Node CPU per query (decision record 0049).
 */
const commonLiterals = new WeakMap<Map<string, number>, [string, string]>();
function arrayLiterals(common: Map<string, number>): [string, string] {
  let made = commonLiterals.get(common);
  if (!made) {
    const quoted = [...common.keys()].map((stem) => `"${stem.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
    made = [`{${quoted.join(',')}}`, `{${[...common.values()].join(',')}}`];
    commonLiterals.set(common, made);
  }
  return made;
}

/**
 * The best full-text matches, scored by `ts_rank_cd` for any of the words (normalised to
 * 0..1). Ranking every question that shares one common word is what made this slow at scale,
 * so the pool is the questions with all the words plus those with any word not in `common`
 * (each such word matches at most RANKED_MATCHES questions, so that part is bounded by the
 * query, not the site). A common word picks no candidates on its own (it would fill the pool in
 * arbitrary order); it still counts in the score and in "all the words". Those are found
 * through the index by the query's three least common words only, the rest checked on the rows:
 * an AND of every word read each word's index entry, and the common ones' entries were most of
 * this query's time at 100k (decision record 0042). "All the words" is read only when no word
 * is rare or the rare words' part was cut by its limit: otherwise every question with all the
 * words has the rare ones, so it is already in that part with the same score (decision record
 * 0052). A query of one common word has no full-text candidates; the nearest by embedding are
 * still ranked by the word legs. Matches are read and ranked in `question_search` (migration
 * 0021, the same tsvector stored in the row; found through 0022's GIN index over tags and words):
 * in `questions` each ranked row fetched its tsvector from TOAST (decision record 0057).
 */
export async function fullTextCandidates(
  db: Db,
  text: string,
  limit: number,
  common = new Map<string, number>(),
): Promise<Scored[]> {
  const [stems, matches] = arrayLiterals(common);
  // Lexemes quoted in tsquery syntax and cast, not parsed again: to_tsquery made 'few-qubit' the
  // phrase few-qubit <-> few <-> qubit, which reads the positions of every question with "qubit".
  const word = (where: ReturnType<typeof sql>, op: string, order = sql``) =>
    sql`array_to_string(ARRAY(SELECT '''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''' FROM words ${where} ${order}), ${op})::tsquery`;
  const found = await rows(
    db,
    sql`WITH words AS (SELECT l, coalesce(c.matches, 0) AS matches FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS l
                       LEFT JOIN unnest(${stems}::text[], ${matches}::float8[]) AS c(stem, matches) ON c.stem = l),
        w AS (SELECT ${word(sql``, ' | ')} AS query, ${word(sql``, ' & ')} AS all_words, ${word(sql`WHERE matches = 0`, ' | ')} AS rare_words,
                     ${word(sql``, ' & ', sql`ORDER BY matches, l LIMIT 3`)} AS least_common),
        rare AS MATERIALIZED (SELECT q.id, ts_rank_cd(q.search, w.query, 32) AS score FROM question_search q, w
                              WHERE numnode(w.rare_words) > 0 AND q.search @@ w.rare_words LIMIT (SELECT count(*) FROM words WHERE matches = 0) * ${RANKED_MATCHES}),
        ranked AS ((SELECT q.id, ts_rank_cd(q.search, w.query, 32) AS score FROM question_search q, w
                    WHERE (numnode(w.rare_words) = 0 AND numnode(w.least_common) > 1
                           OR numnode(w.rare_words) > 0 AND (SELECT count(*) FROM rare) >= (SELECT count(*) FROM words WHERE matches = 0) * ${RANKED_MATCHES})
                      AND q.search @@ w.least_common AND (q.search @@ w.all_words) IS TRUE LIMIT ${RANKED_MATCHES})
                   UNION (SELECT id, score FROM rare))
        SELECT id, score FROM ranked ORDER BY score DESC, id DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({ questionId: Number(r.id), score: Number(r.score) }));
}

export interface TermCount {
  doc: number;
  lexeme: string;
  count: number;
  /** How many of those occurrences are in the title (weight A in a question's tsvector). */
  title: number;
}

const termRows = (found: Row[]): TermCount[] =>
  found.map((r) => ({ doc: Number(r.doc), lexeme: String(r.lexeme), count: Number(r.count), title: Number(r.title) }));

/**
 * Stemmed terms (PostgreSQL's English configuration, as full-text search uses) and counts of
 * the newest `limit` questions and their answers, one document per post: what LSA trains on.
 * In a fixed order: training depends on it, and the plan's order changed with ANALYZE (Recall@3
 * on duplicates moved between 36% and 45% with no code change).
 */
export async function postTerms(db: Db, limit: number): Promise<TermCount[]> {
  return termRows(
    await rows(
      db,
      sql`WITH recent AS (SELECT id, search FROM questions ORDER BY id DESC LIMIT ${limit}),
          posts AS (
            SELECT id AS doc, search AS v FROM recent
            UNION ALL SELECT -a.id, to_tsvector('english', left(a.text, 20000)) FROM answers a JOIN recent r ON r.id = a.question_id)
          SELECT p.doc, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS count, coalesce(cardinality(array_positions(u.weights, 'A')), 0) AS title
          FROM posts p, unnest(p.v) AS u ORDER BY p.doc, u.lexeme`,
    ),
  );
}

/** Mean number of title-and-tag words and of other words in what the newest `limit` embedded questions are about (BM25's mean length). */
export async function aboutLengths(db: Db, limit: number): Promise<{ title: number; rest: number } | null> {
  const [row] = await rows(
    db,
    sql`WITH recent AS (SELECT about FROM question_embeddings WHERE about IS NOT NULL ORDER BY question_id DESC LIMIT ${limit}),
        counts AS (SELECT coalesce(cardinality(array_positions(u.weights, 'A')), 0) AS title, coalesce(array_length(u.positions, 1), 1) AS count FROM recent r, unnest(r.about) AS u)
        SELECT (SELECT count(*) FROM recent)::int AS docs, sum(title)::float8 AS title, sum(count - title)::float8 AS rest FROM counts`,
  );
  const docs = Number(row?.docs ?? 0);
  return docs ? { title: Number(row!.title) / docs, rest: Number(row!.rest) / docs } : null;
}

/**
 * The terms of a tsvector's text form (`'lexeme':1,5A 'other'`: quotes and backslashes inside a
 * lexeme doubled), each counted by its positions (1 when it has none, as unnest reports it),
 * and by those of weight A (the title).
 */
function tsvectorTerms(doc: number, text: string): TermCount[] {
  const terms: TermCount[] = [];
  // Per search this parses every candidate's terms (thousands): scanned by hand, no regular
  // expression's match arrays, no split or copy unless a lexeme has an escape.
  const n = text.length;
  for (let at = text.indexOf("'"); at >= 0; at = text.indexOf("'", at)) {
    let end = at + 1;
    let doubled = false;
    for (;;) {
      end = text.indexOf("'", end);
      if (end < 0) return terms; // not a tsvector's text
      if (text.charCodeAt(end + 1) !== 39) break; // a quote inside the lexeme is doubled
      doubled = true;
      end += 2;
    }
    const quoted = text.slice(at + 1, end);
    const lexeme = doubled || quoted.includes('\\') ? quoted.replaceAll("''", "'").replaceAll('\\\\', '\\') : quoted;
    let count = 1;
    let title = 0;
    at = end + 1;
    // Positions follow a colon up to the next space: ',' separates them, 'A' marks the title's.
    if (text.charCodeAt(at) === 58)
      for (; at < n && text.charCodeAt(at) !== 32; at++) {
        const c = text.charCodeAt(at);
        if (c === 44) count++;
        else if (c === 65) title++;
      }
    terms.push({ doc, lexeme, count, title });
  }
  return terms;
}

/**
 * The title of each candidate question that still exists and is not hidden (issue 41: so neither
 * search nor similar questions offer it), and the stemmed terms of what it is
 * about (doc = question id; title and tags count as title, see `question_about`; its own title
 * and body until its first embedding since migration 0018) and of a free text (doc = 0), in one
 * statement. Each tsvector travels as one text (parsed here), not as a row per term: a hundred
 * candidates have thousands of terms. Their vectors are not read: the vector index holds them.
 */
export async function describeCandidates(
  db: Db,
  ids: number[],
  text: string,
): Promise<{ titles: Map<number, string>; terms: TermCount[] }> {
  const found = await rows(
    db,
    sql`SELECT q.id AS doc, q.title, coalesce(e.about, q.search)::text AS terms FROM questions q LEFT JOIN question_embeddings e ON e.question_id = q.id
        WHERE q.id = ANY(${sql.param(ids)}::bigint[]) AND q.hidden IS NULL
        UNION ALL SELECT 0, NULL, to_tsvector('english', ${text})::text`,
  );
  const titles = new Map<number, string>();
  for (const r of found) if (r.title !== null) titles.set(Number(r.doc), String(r.title));
  return { titles, terms: found.flatMap((r) => tsvectorTerms(Number(r.doc), String(r.terms))) };
}

export async function saveSemanticModel(db: Db, name: string, data: Buffer): Promise<void> {
  await db.execute(sql`INSERT INTO semantic_models (name, data, trained_at) VALUES (${name}, ${data}, now())
    ON CONFLICT (name) DO UPDATE SET data = excluded.data, trained_at = excluded.trained_at`);
}

/** When the named model was last trained, or null when it never was. */
export async function semanticModelDate(db: Db, name: string): Promise<Date | null> {
  const [row] = await rows(db, sql`SELECT trained_at FROM semantic_models WHERE name = ${name}`);
  return row ? new Date(String(row.trained_at)) : null;
}

export async function loadSemanticModel(db: Db, name: string): Promise<Buffer | null> {
  const [row] = await rows(db, sql`SELECT data FROM semantic_models WHERE name = ${name}`);
  if (!row) return null;
  const data = row.data as Uint8Array;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
