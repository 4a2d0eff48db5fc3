/**
 * Flags (the rules: core's `decideFlag` and `decideResolve`). A flag locks its post's row, so
 * the flags on one post are decided one after another: the one that reaches the hiding count
 * hides the post, once. Resolving a post's flags locks it the same way, then deletes it (with a
 * reputation penalty row when core says so) or dismisses its pending flags and shows it again;
 * the reputations the decision names are stored in the same transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isModeratorRole, ROLES, succeed, type FlagPostType, type FlagReason, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import type { Decide, Recount, Rules } from './decide.ts';
import { storeModerationNotice, type ModerationNotice } from './closing.ts';
import { mailTagWatchers, type WatcherMailRule } from './mail-queue.ts';
import { notifyPost, type NotifyRule } from './notifications.ts';
import { storeReputations } from './reputation.ts';
import { idOrNull, rows, type Tx } from './sql-rows.ts';

/** Why a post is hidden: flags that reached the count, or a new account's first post held for review. */
export type Hidden = 'flagged' | 'held';

export const FLAGGABLE: Record<FlagPostType, { table: SQL; key: SQL; author: SQL; question: SQL }> = {
  question: { table: sql`questions`, key: sql`question_id`, author: sql`asked_by`, question: sql`p.id` },
  answer: { table: sql`answers`, key: sql`answer_id`, author: sql`ans_by`, question: sql`p.question_id` },
  comment: {
    table: sql`comments`,
    key: sql`comment_id`,
    author: sql`comment_by`,
    question: sql`coalesce(p.question_id, (SELECT a.question_id FROM answers a WHERE a.id = p.answer_id))`,
  },
};

/** A post as its flags see it: its author, whether it is hidden, and the question it is on. */
export interface FlaggedPost {
  author: number | null;
  hidden: Hidden | null;
  questionId: number;
}

/** Distinct users' pending flags on a post, by reason. */
export type PendingFlags = Partial<Record<FlagReason, number>>;

export interface FlagSeen {
  post: FlaggedPost | null;
  /** The flagger flagged this post before (pending or resolved). */
  alreadyFlagged: boolean;
  /** Pending flags on the post before this one. */
  pending: PendingFlags;
  /** With a duplicate flag: whether the question named as the original exists and is shown. */
  duplicateTargetExists: boolean | null;
}

export interface FlagDecision {
  /** The post is hidden by this flag. */
  hide: boolean;
}

export interface NewFlag {
  type: FlagPostType;
  id: number;
  userId: number;
  reason: FlagReason;
  text: string | null;
  duplicateOf: number | null;
}

/** Locks the post and answers it as a flag or a resolution sees it; null when there is none. */
async function lockPost(tx: Tx, type: FlagPostType, id: number): Promise<FlaggedPost | null> {
  const t = FLAGGABLE[type];
  if (type === 'answer')
    // The question first, as answers, accepts and deletions lock them.
    await tx.execute(
      sql`SELECT 1 FROM questions WHERE id = (SELECT question_id FROM answers WHERE id = ${id}) FOR UPDATE`,
    );
  const [post] = await rows(
    tx,
    sql`SELECT p.${t.author} AS author, p.hidden, ${t.question} AS question_id FROM ${t.table} p WHERE p.id = ${id} FOR UPDATE OF p`,
  );
  return post
    ? {
        author: idOrNull(post.author),
        hidden: (post.hidden as Hidden | null) ?? null,
        questionId: Number(post.question_id),
      }
    : null;
}

async function pendingFlags(tx: Tx, type: FlagPostType, id: number): Promise<PendingFlags> {
  const found = await rows(
    tx,
    sql`SELECT reason, count(DISTINCT user_id)::int AS n FROM flags
        WHERE ${FLAGGABLE[type].key} = ${id} AND resolved_at IS NULL GROUP BY reason`,
  );
  return Object.fromEntries(found.map((r) => [String(r.reason), Number(r.n)]));
}

/** Adds a flag as decided; answers the decision and the question the post is on. */
export async function addFlag(
  db: Db,
  flag: NewFlag,
  decide: Decide<FlagSeen, FlagDecision>,
): Promise<Result<FlagDecision & { questionId: number }>> {
  return db.transaction(async (tx) => {
    const t = FLAGGABLE[flag.type];
    const post = await lockPost(tx, flag.type, flag.id);
    const [mine] = post
      ? await rows(tx, sql`SELECT 1 FROM flags WHERE ${t.key} = ${flag.id} AND user_id = ${flag.userId}`)
      : [];
    const [target] =
      flag.duplicateOf === null
        ? []
        : await rows(tx, sql`SELECT 1 FROM questions WHERE id = ${flag.duplicateOf} AND hidden IS NULL`);
    const decision = decide({
      post,
      alreadyFlagged: mine !== undefined,
      pending: post ? await pendingFlags(tx, flag.type, flag.id) : {},
      duplicateTargetExists: flag.duplicateOf === null ? null : target !== undefined,
    });
    if (!decision.ok) return decision;
    await tx.execute(
      sql`INSERT INTO flags (${t.key}, user_id, reason, text, duplicate_of)
          VALUES (${flag.id}, ${flag.userId}, ${flag.reason}, ${flag.text}, ${flag.duplicateOf})`,
    );
    if (decision.value.hide)
      await tx.execute(sql`UPDATE ${t.table} SET hidden = 'flagged' WHERE id = ${flag.id} AND hidden IS NULL`);
    return succeed({ ...decision.value, questionId: post!.questionId });
  });
}

/** A post as its resolution sees it: also its pending flags, and who else loses votes or accepts if it goes. */
export interface ResolveSeen {
  post: (FlaggedPost & { pending: PendingFlags; others: number[] }) | null;
}

export interface ResolveDecision extends Recount {
  /** Delete the post (else: dismiss its flags and show it). */
  remove: boolean;
  /** The author loses reputation for it (a spam or rude post deleted). */
  penalize: boolean;
}

/** What a resolution resolved: the post's question, a label for the log, its pending flags and whether it was hidden. */
export interface Resolved {
  questionId: number;
  label: string;
  pending: PendingFlags;
  hidden: Hidden | null;
  /** Who was told of it: a deleted post's author (a `moderation` notice), or an approved held answer's recipients. */
  notified: number[];
}

/**
 * Whom a resolution tells, core's fan-out: a deleted post's author (the notice), an approved held
 * question's tag watchers, an approved held answer's asker, followers and mentioned users.
 */
export interface ResolveFanOut {
  notice: (type: FlagPostType, label: string, authorId: number | null) => ModerationNotice;
  mailWatchers: WatcherMailRule;
  notify: NotifyRule;
}

/**
 * Resolves a post's pending flags (or its hold) as decided by `resolverId`; answers the decision
 * and the post's question. Whom it tells is core's `fanOut`.
 */
export async function resolveFlags(
  db: Db,
  target: { type: FlagPostType; id: number; resolverId: number },
  rules: Rules<ResolveSeen, ResolveDecision>,
  fanOut: ResolveFanOut,
): Promise<Result<ResolveDecision & Resolved>> {
  return db.transaction(async (tx) => {
    const { type, id } = target;
    const t = FLAGGABLE[type];
    const post = await lockPost(tx, type, id);
    const [named] = post
      ? await rows(
          tx,
          sql`SELECT left(${type === 'question' ? sql`title` : sql`text`}, 100) AS label FROM ${t.table} WHERE id = ${id}`,
        )
      : [];
    const pending = post ? await pendingFlags(tx, type, id) : {};
    const others = !post
      ? []
      : type === 'question'
        ? await rows(
            tx,
            sql`SELECT DISTINCT ans_by AS id FROM answers WHERE question_id = ${id} AND ans_by IS NOT NULL`,
          )
        : type === 'answer'
          ? await rows(
              tx,
              sql`SELECT q.asked_by AS id FROM questions q WHERE q.id = ${post.questionId} AND q.accepted_answer_id = ${id} AND q.asked_by IS NOT NULL`,
            )
          : [];
    const decision = rules.decide({
      post: post ? { ...post, pending, others: others.map((r) => Number(r.id)) } : null,
    });
    if (!decision.ok) return decision;
    if (decision.value.remove) {
      if (decision.value.penalize && post!.author !== null)
        await tx.execute(
          sql`INSERT INTO reputation_penalties (user_id, post_type, post_id) VALUES (${post!.author}, ${type}, ${id})`,
        );
      await tx.execute(sql`DELETE FROM ${t.table} WHERE id = ${id}`);
      // A hidden answer is not counted (migration 0073): only a shown one's deletion lowers the count.
      if (type === 'answer' && post!.hidden === null)
        await tx.execute(sql`UPDATE questions SET answer_count = answer_count - 1 WHERE id = ${post!.questionId}`);
    } else {
      await tx.execute(
        sql`UPDATE flags SET resolved_at = now(), resolved_by = ${target.resolverId}, outcome = 'dismissed'
            WHERE ${t.key} = ${id} AND resolved_at IS NULL`,
      );
      await tx.execute(sql`UPDATE ${t.table} SET hidden = NULL WHERE id = ${id} AND hidden IS NOT NULL`);
    }
    await storeReputations(tx, decision.value.recount, rules.reputation);
    const label = String(named?.label ?? '');
    // A deleted question's notice points at nothing (its row is gone); an answer's or comment's at its question.
    const notified = decision.value.remove
      ? await storeModerationNotice(tx, {
          ...fanOut.notice(type, label, post!.author),
          actorId: target.resolverId,
          questionId: type === 'question' ? null : post!.questionId,
        })
      : post!.hidden === 'held'
        ? await announceApproved(tx, type, id, post!, fanOut)
        : [];
    return succeed({
      ...decision.value,
      questionId: post!.questionId,
      label,
      pending,
      hidden: post!.hidden,
      notified,
    });
  });
}

/**
 * A held post approved: what posting it would have sent then — an answer's notices (asker,
 * followers, mentions) as core's `notify` plans them, a question's mails to the tag watchers
 * `mailWatchers` picks. Answers the recipients.
 */
async function announceApproved(
  tx: Tx,
  type: FlagPostType,
  id: number,
  post: { author: number | null; questionId: number },
  fanOut: Pick<ResolveFanOut, 'mailWatchers' | 'notify'>,
): Promise<number[]> {
  if (post.author === null) return [];
  if (type === 'question') {
    await mailTagWatchers(tx, id, post.author, fanOut.mailWatchers);
    return [];
  }
  if (type !== 'answer') return [];
  const [row] = await rows(
    tx,
    sql`SELECT a.text, q.asked_by FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = ${id}`,
  );
  if (!row) return [];
  return notifyPost(
    tx,
    {
      kind: 'answer',
      actorId: post.author,
      ownerId: idOrNull(row.asked_by),
      questionId: post.questionId,
      answerId: id,
      text: String(row.text),
    },
    fanOut.notify,
  );
}

/** How many posts wait in the review queue: posts with pending flags, held posts, and suggested edits. */
export async function pendingReviewCount(db: Db): Promise<number> {
  const [row] = await rows(
    db,
    sql`SELECT (SELECT count(*) FROM (SELECT DISTINCT question_id, answer_id, comment_id FROM flags WHERE resolved_at IS NULL) f)::int
      + (SELECT count(*) FROM questions WHERE hidden = 'held')::int
      + (SELECT count(*) FROM answers WHERE hidden = 'held')::int
      + (SELECT count(*) FROM comments WHERE hidden = 'held')::int
      + (SELECT count(*) FROM suggested_edits WHERE reviewed_at IS NULL)::int AS n`,
  );
  return Number(row?.n ?? 0);
}

/** The usernames of every moderator and admin (a small site has a handful; bounded all the same). */
export async function moderatorNames(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    sql`SELECT username FROM users WHERE role = ANY(${sql.param(ROLES.filter(isModeratorRole))}::text[]) ORDER BY id LIMIT 1000`,
  );
  return found.map((r) => String(r.username));
}

/** One post waiting for review, as the queue shows it: the post, why it waits, and who flagged it. */
export interface ReviewItem {
  type: FlagPostType;
  id: string;
  /** The question the post is on (itself for a question), and its title. */
  questionId: string;
  title: string;
  /** The start of the post's text. */
  text: string;
  author: string | null;
  hidden: Hidden | null;
  /** Pending flags by reason (distinct users), and each flagger's flag (at most REVIEW_FLAGGERS). */
  reasons: PendingFlags;
  flags: { flagger: string; reason: FlagReason; text: string | null; duplicateOf: string | null; at: string }[];
  /** When the post started waiting: its first pending flag, or when it was written (held). */
  since: string;
}

/** How much of a post's text the queue shows, and how many of its flaggers. */
const REVIEW_TEXT = 600;
const REVIEW_FLAGGERS = 20;

const waiting = {
  flagged: sql`SELECT CASE WHEN question_id IS NOT NULL THEN 'question' WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'comment' END AS type,
      coalesce(question_id, answer_id, comment_id) AS id, min(created_at) AS since
    FROM flags WHERE resolved_at IS NULL GROUP BY 1, 2`,
  held: sql`SELECT 'question' AS type, id, ask_date_time AS since FROM questions WHERE hidden = 'held'
    UNION ALL SELECT 'answer', id, ans_date_time FROM answers WHERE hidden = 'held'
    UNION ALL SELECT 'comment', id, comment_date_time FROM comments WHERE hidden = 'held'`,
};

/**
 * One page of the review queue, oldest first, and how many wait: `flagged` posts with pending
 * flags (grouped per post, with their reasons, counts and flaggers), or `held` posts.
 */
export async function listReviewItems(
  db: Db,
  queue: keyof typeof waiting,
  page: { limit: number; offset: number },
): Promise<{ items: ReviewItem[]; total: number }> {
  const [found, totals] = await Promise.all([
    rows(
      db,
      sql`WITH w AS (${waiting[queue]}), pg AS (SELECT * FROM w ORDER BY since, type, id LIMIT ${page.limit} OFFSET ${page.offset})
        SELECT pg.type, pg.id, pg.since, p.question_id, qq.title, left(p.text, ${REVIEW_TEXT}) AS text, u.username AS author, p.hidden,
          (SELECT coalesce(json_object_agg(r.reason, r.n), '{}') FROM (SELECT reason, count(DISTINCT user_id) AS n FROM flags f
             WHERE f.resolved_at IS NULL AND coalesce(f.question_id, f.answer_id, f.comment_id) = pg.id
               AND (CASE WHEN f.question_id IS NOT NULL THEN 'question' WHEN f.answer_id IS NOT NULL THEN 'answer' ELSE 'comment' END) = pg.type
             GROUP BY reason) r) AS reasons,
          (SELECT coalesce(json_agg(r ORDER BY r.at), '[]') FROM (SELECT fu.username AS flagger, f.reason, f.text, f.duplicate_of::text AS "duplicateOf", f.created_at AS at
             FROM flags f JOIN users fu ON fu.id = f.user_id
             WHERE f.resolved_at IS NULL AND coalesce(f.question_id, f.answer_id, f.comment_id) = pg.id
               AND (CASE WHEN f.question_id IS NOT NULL THEN 'question' WHEN f.answer_id IS NOT NULL THEN 'answer' ELSE 'comment' END) = pg.type
             ORDER BY f.created_at LIMIT ${REVIEW_FLAGGERS}) r) AS flags
        FROM pg
        CROSS JOIN LATERAL (
          SELECT q.id AS question_id, q.text, q.asked_by AS author_id, q.hidden FROM questions q WHERE pg.type = 'question' AND q.id = pg.id
          UNION ALL SELECT a.question_id, a.text, a.ans_by, a.hidden FROM answers a WHERE pg.type = 'answer' AND a.id = pg.id
          UNION ALL SELECT coalesce(c.question_id, ca.question_id), c.text, c.comment_by, c.hidden FROM comments c
            LEFT JOIN answers ca ON ca.id = c.answer_id WHERE pg.type = 'comment' AND c.id = pg.id) p
        JOIN questions qq ON qq.id = p.question_id
        LEFT JOIN users u ON u.id = p.author_id
        ORDER BY pg.since, pg.type, pg.id`,
    ),
    rows(db, sql`SELECT count(*)::int AS n FROM (${waiting[queue]}) w`),
  ]);
  const items = found.map((r): ReviewItem => ({
    type: r.type as FlagPostType,
    id: String(r.id),
    questionId: String(r.question_id),
    title: String(r.title),
    text: String(r.text),
    author: r.author === null ? null : String(r.author),
    hidden: (r.hidden as Hidden | null) ?? null,
    reasons: (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons) as PendingFlags,
    flags: ((typeof r.flags === 'string' ? JSON.parse(r.flags) : r.flags) as Record<string, unknown>[]).map((f) => ({
      flagger: String(f.flagger),
      reason: f.reason as FlagReason,
      text: f.text === null ? null : String(f.text),
      duplicateOf: f.duplicateOf === null ? null : String(f.duplicateOf),
      at: new Date(String(f.at)).toISOString(),
    })),
    since: new Date(String(r.since)).toISOString(),
  }));
  return { items, total: Number(totals[0]?.n ?? 0) };
}
