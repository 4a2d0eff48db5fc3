/**
 * The SQL of a Stack Exchange import (packages/ops/src/stackexchange-import.ts turns the
 * dump's rows into these): each batch goes in with one statement per table, its SE ids mapped to ours through
 * temporary tables dropped at commit. Every row is keyed by its original URL (or comment id),
 * so a second run adds nothing; each insert answers how many rows it added.
 */
import { sql } from 'drizzle-orm';
import type { ReputationFacts } from './reputation.ts';
import { rows, type Tx } from './sql-rows.ts';

export interface ImportedUser {
  seId: string;
  /** The SE profile (`https://<site>/users/<id>`): how a later import finds the account again. */
  sourceUrl: string;
  displayName: string | null;
  /** The name wanted here (the display name made a valid username); `-2`, `-3`… is added only on a clash. */
  username: string;
  /** The name earlier imports gave (`Name.se<id>`): such an account is adopted and renamed. */
  legacyUsername: string;
  biography: string;
  joined: string;
  /** The reputation earned there beyond the start of 1; null: count it from the dump's votes. */
  reputationBase: string | null;
}

export interface ImportedQuestion {
  seId: string;
  url: string;
  title: string;
  text: string;
  html: string;
  ownerSeId: string | null;
  ownerName: string | null;
  asked: string;
  active: string;
  views: string;
  score: string;
  tags: string[];
}

export interface ImportedAnswer {
  seId: string;
  parentSeId: string;
  url: string;
  text: string;
  html: string;
  ownerSeId: string | null;
  ownerName: string | null;
  at: string;
}

export interface ImportedComment {
  sourceId: string;
  postSeId: string;
  text: string;
  html: string;
  ownerSeId: string | null;
  at: string;
}

/** Batch inserts that leave some rows out: how many went in, and how many had no parent here. */
export interface ImportedCount {
  inserted: number;
  orphans: number;
}

/** One text[] parameter holding a field of every row. */
const column = <T>(list: T[], field: (row: T) => string | null) => sql`${sql.param(list.map(field))}::text[]`;
/** The profile link of a mapped SE author. */
const authorUrl = (site: string) => sql`CASE WHEN iu.se_id IS NOT NULL THEN ${site} || '/users/' || iu.se_id END`;
const added = async (tx: Tx, query: ReturnType<typeof sql>) => (await rows(tx, query)).length;

/** The SE-id maps of one import; they live until its transaction commits. */
export async function createImportMaps(tx: Tx): Promise<void> {
  await tx.execute(
    sql`CREATE TEMP TABLE import_users (se_id text PRIMARY KEY, display_name text, user_id bigint, from_votes boolean) ON COMMIT DROP`,
  );
  await tx.execute(
    sql`CREATE TEMP TABLE import_votes (post_se text PRIMARY KEY, up int, down int, accepts int) ON COMMIT DROP`,
  );
  await tx.execute(
    sql`CREATE TEMP TABLE import_posts (se_id text PRIMARY KEY, kind char(1), id bigint) ON COMMIT DROP`,
  );
  await tx.execute(sql`CREATE TEMP TABLE import_excerpts (se_id text PRIMARY KEY, tag text) ON COMMIT DROP`);
}

/**
 * Accounts by their SE profile: one an earlier import named `Name.se<id>` is adopted (and
 * renamed), a new one gets the display name as its username when that is free, else the first
 * free `-2`, `-3`…; everyone's base is the dump's reputation (or, without it, counted from its
 * votes once they are in: `from_votes`).
 */
export async function importUsers(tx: Tx, users: ImportedUser[]): Promise<number> {
  const u = (field: (row: ImportedUser) => string | null) => column(users, field);
  await tx.execute(sql`UPDATE users SET source_url = r.url FROM unnest(${u((r) => r.legacyUsername)}, ${u((r) => r.sourceUrl)}) AS r(n, url)
    WHERE lower(users.username) = lower(r.n) AND users.source_url IS NULL
      AND NOT EXISTS (SELECT 1 FROM users x WHERE x.source_url = r.url)`);
  const known = new Map(
    (
      await rows(
        tx,
        sql`SELECT source_url AS url, username FROM users WHERE source_url = ANY(${u((r) => r.sourceUrl)})`,
      )
    ).map((r) => [String(r.url), String(r.username)]),
  );
  const naming = users.filter((r) => {
    const name = known.get(r.sourceUrl);
    return name === undefined || name.toLowerCase() === r.legacyUsername.toLowerCase();
  });
  const names = await freeNames(
    tx,
    naming.map((r) => r.username),
  );
  const named = naming.map((r, i) => ({ url: r.sourceUrl, name: names[i]! }));
  await tx.execute(sql`UPDATE users SET username = r.n FROM unnest(${column(named, (r) => r.url)}, ${column(named, (r) => r.name)}) AS r(url, n)
    WHERE users.source_url = r.url`);
  const fresh = new Map(named.map((r) => [r.url, r.name]));
  const inserting = users.filter((r) => !known.has(r.sourceUrl));
  const i = (field: (row: ImportedUser) => string | null) => column(inserting, field);
  const inserted = await added(
    tx,
    sql`INSERT INTO users (username, biography, date_joined, source_url)
        SELECT n, b, d::timestamptz, url FROM unnest(${i((r) => fresh.get(r.sourceUrl) ?? r.username)}, ${i((r) => r.biography)}, ${i((r) => r.joined)}, ${i((r) => r.sourceUrl)}) AS r(n, b, d, url)
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  await tx.execute(sql`UPDATE users SET reputation_base = r.base::int FROM unnest(${u((r) => r.sourceUrl)}, ${u((r) => r.reputationBase)}) AS r(url, base)
    WHERE users.source_url = r.url AND r.base IS NOT NULL`);
  await tx.execute(sql`INSERT INTO import_users (se_id, display_name, user_id, from_votes)
    SELECT r.se, r.dn, users.id, r.base IS NULL FROM unnest(${u((r) => r.seId)}, ${u((r) => r.displayName)}, ${u((r) => r.sourceUrl)}, ${u((r) => r.reputationBase)}) AS r(se, dn, url, base)
    JOIN users ON users.source_url = r.url ON CONFLICT DO NOTHING`);
  return inserted;
}

/** For each wanted name in turn, itself when no account (nor an earlier one of the list) has it, else the first free `name-N`. */
async function freeNames(tx: Tx, wanted: string[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const bases = [...new Set(wanted.map((n) => n.toLowerCase()))];
  const taken = new Set(
    (
      await rows(
        tx,
        sql`SELECT lower(username) AS n FROM users WHERE lower(username) = ANY(${sql.param(bases)}::text[])
            OR substring(lower(username) from '^(.*)-[0-9]+$') = ANY(${sql.param(bases)}::text[])`,
      )
    ).map((r) => String(r.n)),
  );
  return wanted.map((name) => {
    let free = name;
    for (let n = 2; taken.has(free.toLowerCase()); n++) free = `${name}-${n}`;
    taken.add(free.toLowerCase());
    return free;
  });
}

/** The dump's votes (up, down, accept) by post, summed across batches; read once the posts are in. */
export async function importVotes(
  tx: Tx,
  votes: { postSeId: string; up: number; down: number; accepts: number }[],
): Promise<void> {
  await tx.execute(sql`INSERT INTO import_votes
    SELECT * FROM unnest(${column(votes, (v) => v.postSeId)}, ${column(votes, (v) => String(v.up))}::int[], ${column(votes, (v) => String(v.down))}::int[], ${column(votes, (v) => String(v.accepts))}::int[])
    ON CONFLICT (post_se) DO UPDATE SET up = import_votes.up + excluded.up, down = import_votes.down + excluded.down, accepts = import_votes.accepts + excluded.accepts`);
}

/** How many imported users a statement reads or writes at a time. */
const IMPORT_PAGE = 1000;

/** The dump's votes on answers, with the answer's author and its question's asker. */
const ANSWER_VOTES = sql`import_votes v JOIN import_posts p ON p.se_id = v.post_se AND p.kind = 'a'
  JOIN answers a ON a.id = p.id JOIN questions q ON q.id = a.question_id`;

/**
 * The base of each imported user the dump gave no reputation, as core's rule makes it of what the
 * dump's votes say of them (`ReputationFacts`: votes on their questions and answers, accepts of
 * their answers, their accepts of answers, their own answers they accepted; the dump does not say
 * who voted, so none of its votes is their own). Only users some vote concerns are given a base.
 * The facts are counted once into a temporary table, then decided and stored a page of users at a
 * time, so memory stays constant whatever the dump's size.
 */
export async function countImportedBases(tx: Tx, baseOf: (facts: ReputationFacts) => number): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE import_vote_facts ON COMMIT DROP AS
    SELECT owner, sum(up)::int AS up, sum(down)::int AS down, sum(accepted)::int AS accepted,
           sum(given)::int AS given, sum(own)::int AS own FROM (
      SELECT q.asked_by AS owner, v.up, v.down, 0 AS accepted, 0 AS given, 0 AS own
        FROM import_votes v JOIN import_posts p ON p.se_id = v.post_se AND p.kind = 'q' JOIN questions q ON q.id = p.id
      UNION ALL SELECT a.ans_by, v.up, v.down, v.accepts, 0, 0 FROM ${ANSWER_VOTES}
      UNION ALL SELECT q.asked_by, 0, 0, 0, v.accepts, 0 FROM ${ANSWER_VOTES}
      UNION ALL SELECT a.ans_by, 0, 0, 0, 0, v.accepts FROM ${ANSWER_VOTES} WHERE a.ans_by = q.asked_by
    ) x WHERE owner IN (SELECT user_id FROM import_users WHERE from_votes) GROUP BY owner`);
  for (let last = 0; ;) {
    const page = await rows(
      tx,
      sql`SELECT * FROM import_vote_facts WHERE owner > ${last} ORDER BY owner LIMIT ${IMPORT_PAGE}`,
    );
    if (page.length === 0) return;
    const bases = page.map((r) => ({
      id: String(r.owner),
      base: String(
        baseOf({
          base: 0,
          upvotes: Number(r.up),
          downvotes: Number(r.down),
          ownUpvotes: 0,
          ownDownvotes: 0,
          acceptedAnswers: Number(r.accepted),
          acceptsGiven: Number(r.given),
          ownAccepts: Number(r.own),
          penalties: 0,
          approvedEdits: 0,
        }),
      ),
    }));
    await tx.execute(sql`UPDATE users SET reputation_base = r.base::int
      FROM unnest(${column(bases, (b) => b.id)}::bigint[], ${column(bases, (b) => b.base)}::int[]) AS r(id, base)
      WHERE users.id = r.id`);
    last = Number(page.at(-1)!.owner);
  }
}

/** The imported users after `afterId`, up to `limit`, by id: whose reputation the import then recounts, a page at a time. */
export async function importedUserIds(tx: Tx, afterId: number, limit: number): Promise<number[]> {
  return (
    await rows(
      tx,
      sql`SELECT DISTINCT user_id AS id FROM import_users WHERE user_id > ${afterId} ORDER BY user_id LIMIT ${limit}`,
    )
  ).map((r) => Number(r.id));
}

/** Tags by name, and which SE post holds each one's excerpt (read when Posts.xml comes). */
export async function importTags(
  tx: Tx,
  names: string[],
  excerpts: { postSeId: string; tag: string }[],
): Promise<number> {
  const inserted = await added(
    tx,
    sql`INSERT INTO tags (name) SELECT unnest(${column(names, (n) => n)}) ON CONFLICT DO NOTHING RETURNING id`,
  );
  await tx.execute(
    sql`INSERT INTO import_excerpts SELECT * FROM unnest(${column(excerpts, (e) => e.postSeId)}, ${column(excerpts, (e) => e.tag)}) ON CONFLICT DO NOTHING`,
  );
  return inserted;
}

/** Tag excerpt posts become their tags' descriptions. */
export async function importTagExcerpts(tx: Tx, posts: { seId: string; text: string }[]): Promise<void> {
  await tx.execute(sql`UPDATE tags t SET description = r.d FROM unnest(${column(posts, (p) => p.seId)}, ${column(posts, (p) => p.text)}) AS r(se, d)
    JOIN import_excerpts e ON e.se_id = r.se WHERE lower(t.name) = lower(e.tag)`);
}

export async function importQuestions(tx: Tx, site: string, questions: ImportedQuestion[]): Promise<number> {
  const q = (field: (row: ImportedQuestion) => string | null) => column(questions, field);
  const inserted = await added(
    tx,
    sql`INSERT INTO questions (title, text, html, asked_by, ask_date_time, last_activity, view_count, score, source_url, source_author, source_author_url)
    SELECT r.title, r.body, r.html, iu.user_id, r.asked::timestamptz, r.active::timestamptz, r.views::int, r.score::int, r.url,
           coalesce(iu.display_name, r.owner_name), ${authorUrl(site)}
    FROM unnest(${q((r) => r.title)}, ${q((r) => r.text)}, ${q((r) => r.html)}, ${q((r) => r.ownerSeId)}, ${q((r) => r.asked)}, ${q((r) => r.active)},
                ${q((r) => r.views)}, ${q((r) => r.score)}, ${q((r) => r.url)}, ${q((r) => r.ownerName)})
         AS r(title, body, html, owner, asked, active, views, score, url, owner_name)
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_url) DO NOTHING RETURNING id`,
  );
  await tx.execute(sql`INSERT INTO import_posts SELECT r.se, 'q', q.id FROM unnest(${q((r) => r.seId)}, ${q((r) => r.url)}) AS r(se, url)
    JOIN questions q ON q.source_url = r.url ON CONFLICT DO NOTHING`);
  const links = questions.flatMap((r) =>
    r.tags.map((tag, position) => ({ url: r.url, tag, position: String(position) })),
  );
  await tx.execute(
    sql`INSERT INTO tags (name) SELECT DISTINCT unnest(${column(links, (l) => l.tag)}) ON CONFLICT DO NOTHING`,
  );
  await tx.execute(sql`INSERT INTO question_tags (question_id, tag_id, position)
    SELECT q.id, t.id, r.p::smallint FROM unnest(${column(links, (l) => l.url)}, ${column(links, (l) => l.tag)}, ${column(links, (l) => l.position)}) AS r(url, tag, p)
    JOIN questions q ON q.source_url = r.url JOIN tags t ON lower(t.name) = lower(r.tag) ON CONFLICT DO NOTHING`);
  return inserted;
}

/** Answers whose question was imported; the others count as orphans. */
export async function importAnswers(tx: Tx, site: string, answers: ImportedAnswer[]): Promise<ImportedCount> {
  const a = (field: (row: ImportedAnswer) => string | null) => column(answers, field);
  const inserted = await added(
    tx,
    sql`INSERT INTO answers (question_id, text, html, ans_by, ans_date_time, source_url, source_author, source_author_url)
    SELECT p.id, r.body, r.html, iu.user_id, r.at::timestamptz, r.url, coalesce(iu.display_name, r.owner_name), ${authorUrl(site)}
    FROM unnest(${a((r) => r.parentSeId)}, ${a((r) => r.text)}, ${a((r) => r.html)}, ${a((r) => r.ownerSeId)},
                ${a((r) => r.at)}, ${a((r) => r.url)}, ${a((r) => r.ownerName)}) AS r(parent, body, html, owner, at, url, owner_name)
    JOIN import_posts p ON p.se_id = r.parent AND p.kind = 'q'
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_url) DO NOTHING RETURNING id`,
  );
  const mapped = await added(
    tx,
    sql`INSERT INTO import_posts SELECT r.se, 'a', a.id FROM unnest(${a((r) => r.seId)}, ${a((r) => r.url)}) AS r(se, url)
    JOIN answers a ON a.source_url = r.url ON CONFLICT DO NOTHING RETURNING se_id`,
  );
  return { inserted, orphans: answers.length - mapped };
}

/** Comments on an imported question or answer; the others count as orphans. */
export async function importComments(tx: Tx, comments: ImportedComment[]): Promise<ImportedCount> {
  const c = (field: (row: ImportedComment) => string | null) => column(comments, field);
  const inserted = await added(
    tx,
    sql`INSERT INTO comments (text, html, comment_by, comment_date_time, question_id, answer_id, source_id)
    SELECT r.body, r.html, iu.user_id, r.at::timestamptz, CASE WHEN p.kind = 'q' THEN p.id END, CASE WHEN p.kind = 'a' THEN p.id END, r.src
    FROM unnest(${c((r) => r.text)}, ${c((r) => r.html)}, ${c((r) => r.ownerSeId)}, ${c((r) => r.at)},
                ${c((r) => r.postSeId)}, ${c((r) => r.sourceId)}) AS r(body, html, owner, at, post, src)
    JOIN import_posts p ON p.se_id = r.post
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_id) DO NOTHING RETURNING id`,
  );
  const known = await added(
    tx,
    sql`SELECT 1 FROM unnest(${c((r) => r.postSeId)}) AS r(post) JOIN import_posts p ON p.se_id = r.post`,
  );
  return { inserted, orphans: comments.length - known };
}

/** The imported questions' answer counts, once all answers are in. */
export async function countImportedAnswers(tx: Tx): Promise<void> {
  await tx.execute(sql`UPDATE questions q SET answer_count = (SELECT count(*) FROM answers a WHERE a.question_id = q.id)
    WHERE q.id IN (SELECT id FROM import_posts WHERE kind = 'q')`);
}
