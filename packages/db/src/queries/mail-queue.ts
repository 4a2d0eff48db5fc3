/**
 * The mail queue (docs/decisions/0083-email.md). Rows are written in the transaction of what
 * causes them (a notification, a new question in a watched tag, a token, a digest falling due);
 * a worker claims due rows with FOR UPDATE SKIP LOCKED by moving their `send_after` a lease
 * ahead (so each has one sender, and one whose sender died is due again when the lease ends),
 * then marks each sent, skipped, failed, or due again later. Whether and what to send is
 * decided in core (packages/core/src/mail/); these statements only store and lock.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_MAIL_SETTINGS, IMMEDIATE_MAIL_DELAY_MS, type Cadence, type DigestCadence } from '@fso/shared';
import type { Db } from '../client.ts';
import { rows, type Row, type Tx } from './sql-rows.ts';

export type QueuedMailKind = 'passwordReset' | 'confirmEmail' | 'notification' | 'watchedQuestion' | 'digest';

export interface QueuedMail {
  id: number;
  kind: QueuedMailKind;
  userId: number;
  tokenId: number | null;
  notificationId: number | null;
  questionId: number | null;
  data: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
}

const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toMail(r: Row): QueuedMail {
  const data = typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data;
  return {
    id: Number(r.id),
    kind: r.kind as QueuedMailKind,
    userId: Number(r.user_id),
    tokenId: idOrNull(r.token_id),
    notificationId: idOrNull(r.notification_id),
    questionId: idOrNull(r.question_id),
    data: (data ?? {}) as Record<string, unknown>,
    attempts: Number(r.attempts),
  };
}

/** Claims up to `limit` due mails for `leaseMs`: no other sender takes them meanwhile. Oldest due first. */
export async function claimDueMails(
  db: Db,
  opts: { now: Date; limit: number; leaseMs: number },
): Promise<QueuedMail[]> {
  const now = opts.now.toISOString();
  const until = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const claimed = await rows(
    db,
    sql`UPDATE mail_queue m SET send_after = ${until}, attempts = m.attempts + 1
      FROM (SELECT id FROM mail_queue WHERE state = 'queued' AND send_after <= ${now}
            ORDER BY send_after, id LIMIT ${opts.limit} FOR UPDATE SKIP LOCKED) due
      WHERE m.id = due.id
      RETURNING m.id, m.kind, m.user_id, m.token_id, m.notification_id, m.question_id, m.data, m.attempts`,
  );
  return claimed.map(toMail).sort((a, b) => a.id - b.id);
}

export type MailEnd = 'sent' | 'skipped' | 'failed';

/** Marks claimed mails done: sent, skipped (nothing to send any more) or failed for good. */
export async function finishMails(db: Db, ids: number[], state: MailEnd, now: Date, error?: string): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`UPDATE mail_queue SET state = ${state}, done_at = ${now.toISOString()}, last_error = ${error ?? null}
      WHERE id = ANY(${sql.param(ids)}::bigint[]) AND state = 'queued'`,
  );
}

/** A failed try: the mail is due again at `at`. */
export async function retryMailAt(db: Db, id: number, at: Date, error: string): Promise<void> {
  await db.execute(
    sql`UPDATE mail_queue SET send_after = ${at.toISOString()}, last_error = ${error} WHERE id = ${id} AND state = 'queued'`,
  );
}

/** Gives claimed mails back unsent (a sender stopping): due now, their claim not counted as a try. */
export async function releaseMails(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`UPDATE mail_queue SET send_after = ${now.toISOString()}, attempts = greatest(attempts - 1, 0)
      WHERE id = ANY(${sql.param(ids)}::bigint[]) AND state = 'queued'`,
  );
}

/**
 * Queues a mail for each of the notifications just written whose recipient has an address
 * (in the notifying transaction), due once "immediately"'s delay has passed; core decides then
 * whether it goes out at all.
 */
export async function queueNotificationMails(tx: Db | Tx, notificationIds: number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO mail_queue (kind, user_id, notification_id, send_after)
      SELECT 'notification', n.user_id, n.id, n.created_at + ${IMMEDIATE_MAIL_DELAY_MS} * interval '1 millisecond'
      FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.id = ANY(${sql.param(notificationIds)}::bigint[]) AND u.email IS NOT NULL`,
  );
}

/** A watcher of a new question's tags, as core's rule of who is mailed at once reads them. */
export interface TagWatcher {
  userId: number;
  hasAddress: boolean;
  /** Their cadence for watched tags' mail; null: they never chose (the default applies). */
  cadence: Cadence | null;
}

/** Core's rule: which of a question's tag watchers get its mail at once (never its asker: `askerId`). */
export type WatcherMailRule = (askerId: number | null, watchers: TagWatcher[]) => number[];

/**
 * A new (or newly shown) question: queues a watched-question mail, in the asking transaction, to
 * each of its tags' watchers that core's `rule` picks.
 */
export async function mailTagWatchers(
  tx: Tx,
  questionId: number,
  askerId: number | null,
  rule: WatcherMailRule,
): Promise<void> {
  const watchers = await rows(
    tx,
    sql`SELECT DISTINCT w.user_id, u.email IS NOT NULL AS has_address, s.cadence
      FROM question_tags qt JOIN watched_tags w ON w.tag_id = qt.tag_id JOIN users u ON u.id = w.user_id
      LEFT JOIN mail_settings s ON s.user_id = w.user_id AND s.kind = 'watchedTags'
      WHERE qt.question_id = ${questionId}`,
  );
  const to = rule(
    askerId,
    watchers.map((w) => ({
      userId: Number(w.user_id),
      hasAddress: w.has_address === true,
      cadence: (w.cadence ?? null) as Cadence | null,
    })),
  );
  if (to.length === 0) return;
  await tx.execute(
    sql`INSERT INTO mail_queue (kind, user_id, question_id)
      SELECT 'watchedQuestion', unnest(${sql.param(to)}::bigint[]), ${questionId}::bigint`,
  );
}

/**
 * Queues the digests of `cadence` that have fallen due (a period since the last one, or since
 * joining) for users with an address and at least one kind of mail set to it, at most `limit`;
 * answers how many. Each one's start (`since`) is the previous digest; of two instances running
 * this at once, each user's digest is queued by one (the conditional upsert decides).
 */
export async function queueDueDigests(
  db: Db,
  opts: { cadence: DigestCadence; periodMs: number; now: Date; limit: number },
): Promise<number> {
  const now = opts.now.toISOString();
  const dueBy = new Date(opts.now.getTime() - opts.periodMs).toISOString();
  const defaults = sql.join(
    Object.entries(DEFAULT_MAIL_SETTINGS).map(([kind, cadence]) => sql`(${kind}, ${cadence})`),
    sql`, `,
  );
  const queued = await rows(
    db,
    sql`WITH due AS (
        SELECT u.id, coalesce(d.last_queued_at, u.date_joined) AS since FROM users u
        LEFT JOIN mail_digests d ON d.user_id = u.id AND d.cadence = ${opts.cadence}
        WHERE u.email IS NOT NULL AND coalesce(d.last_queued_at, u.date_joined) <= ${dueBy}
          AND EXISTS (SELECT 1 FROM (VALUES ${defaults}) AS k (kind, cadence)
            LEFT JOIN mail_settings s ON s.user_id = u.id AND s.kind = k.kind
            WHERE coalesce(s.cadence, k.cadence) = ${opts.cadence})
        ORDER BY u.id LIMIT ${opts.limit}
      ), marked AS (
        INSERT INTO mail_digests (user_id, cadence, last_queued_at) SELECT id, ${opts.cadence}, ${now} FROM due
        ON CONFLICT (user_id, cadence) DO UPDATE SET last_queued_at = EXCLUDED.last_queued_at
          WHERE mail_digests.last_queued_at <= ${dueBy}
        RETURNING user_id
      )
      INSERT INTO mail_queue (kind, user_id, data, send_after)
      SELECT 'digest', due.id, jsonb_build_object('cadence', ${opts.cadence}::text, 'since', due.since), ${now}
      FROM marked JOIN due ON due.id = marked.user_id
      RETURNING id`,
  );
  return queued.length;
}

/** Deletes finished mails done before `before`, and any mail queued before `stale` (undeliverable by now). */
export async function deleteOldMails(db: Db, opts: { before: Date; stale: Date }): Promise<number> {
  const gone = await rows(
    db,
    sql`DELETE FROM mail_queue WHERE (state <> 'queued' AND done_at < ${opts.before.toISOString()})
      OR created_at < ${opts.stale.toISOString()} RETURNING id`,
  );
  await db.execute(sql`DELETE FROM mail_outbox WHERE created_at < ${opts.before.toISOString()}`);
  return gone.length;
}

/** How many mails are in each state (tests, the benchmark, /metrics later). */
export async function mailQueueCounts(db: Db): Promise<Record<string, number>> {
  const list = await rows(db, sql`SELECT state, count(*)::int AS n FROM mail_queue GROUP BY state`);
  return Object.fromEntries(list.map((r) => [String(r.state), Number(r.n)]));
}
