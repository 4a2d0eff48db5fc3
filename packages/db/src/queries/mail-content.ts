/**
 * What a queued mail is made of, read when it is sent (so it says what is true then: the
 * recipient's current address and settings, whether the notification was read meanwhile):
 * the recipient, a notification with its question, a new question, and a digest's candidates.
 * Core decides from these whether to send and renders the mail.
 */
import { sql } from 'drizzle-orm';
import { MAIL_KINDS, type Cadence, type MailKind, type NotificationKind } from '@fso/shared';
import type { Db } from '../client.ts';
import { asDate } from './account-tokens.ts';
import { rows, type Row } from './sql-rows.ts';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : asDate(v));

export interface MailRecipient {
  userId: number;
  username: string;
  email: string | null;
  /** When the user last had the site open; null: never since this was recorded. */
  lastSeenAt: Date | null;
  /** Only the kinds the user has set; the others are the defaults. */
  settings: Partial<Record<MailKind, Cadence>>;
}

export async function mailRecipient(db: Db, userId: number): Promise<MailRecipient | null> {
  const [row] = await rows(
    db,
    sql`SELECT u.id, u.username, u.email, u.last_seen_at,
        (SELECT json_agg(json_build_array(s.kind, s.cadence)) FROM mail_settings s WHERE s.user_id = u.id) AS settings
      FROM users u WHERE u.id = ${userId}`,
  );
  if (!row) return null;
  const raw = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as [string, string][] | null;
  const settings: Partial<Record<MailKind, Cadence>> = {};
  for (const [kind, cadence] of raw ?? [])
    if ((MAIL_KINDS as readonly string[]).includes(kind)) settings[kind as MailKind] = cadence as Cadence;
  return {
    userId: Number(row.id),
    username: String(row.username),
    email: str(row.email),
    lastSeenAt: dateOrNull(row.last_seen_at),
    settings,
  };
}

/** A notification as a mail tells it. */
export interface MailNotification {
  id: number;
  kind: NotificationKind;
  actor: string | null;
  excerpt: string;
  title: string | null;
  questionId: number | null;
  answerId: number | null;
  chatId: number | null;
  createdAt: Date;
  readAt: Date | null;
  /** The recipient follows the question it is about. */
  follows: boolean;
  /** It is a comment on the recipient's own answer. */
  onOwnAnswer: boolean;
}

function toMailNotification(r: Row): MailNotification {
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    kind: r.kind as NotificationKind,
    actor: str(r.actor),
    excerpt: String(r.excerpt ?? ''),
    title: str(r.title),
    questionId: id(r.question_id),
    answerId: id(r.answer_id),
    chatId: id(r.chat_id),
    createdAt: asDate(r.created_at),
    readAt: dateOrNull(r.read_at),
    follows: r.follows === true,
    onOwnAnswer: r.own_answer === true,
  };
}

const SELECT_MAIL_NOTIFICATION = sql`SELECT n.id, n.kind, a.username AS actor, n.excerpt, q.title, n.question_id, n.answer_id,
    n.chat_id, n.created_at, n.read_at,
    EXISTS (SELECT 1 FROM question_follows f WHERE f.user_id = n.user_id AND f.question_id = n.question_id) AS follows,
    (n.kind = 'comment' AND EXISTS (SELECT 1 FROM answers x WHERE x.id = n.answer_id AND x.ans_by = n.user_id)) AS own_answer
  FROM notifications n LEFT JOIN users a ON a.id = n.actor_id LEFT JOIN questions q ON q.id = n.question_id`;

export async function mailNotification(db: Db, id: number): Promise<MailNotification | null> {
  const [row] = await rows(db, sql`${SELECT_MAIL_NOTIFICATION} WHERE n.id = ${id}`);
  return row ? toMailNotification(row) : null;
}

/** The user's unread notifications of these kinds written after `since`, newest first, at most `limit`. */
export async function unreadNotificationsSince(
  db: Db,
  opts: { userId: number; since: Date; kinds: NotificationKind[]; limit: number },
): Promise<MailNotification[]> {
  if (opts.kinds.length === 0) return [];
  const list = await rows(
    db,
    sql`${SELECT_MAIL_NOTIFICATION} WHERE n.user_id = ${opts.userId} AND n.read_at IS NULL
      AND n.created_at > ${opts.since.toISOString()} AND n.kind = ANY(${sql.param(opts.kinds)}::text[])
      ORDER BY n.created_at DESC, n.id DESC LIMIT ${opts.limit}`,
  );
  return list.map(toMailNotification);
}

/** A question as a mail lists it. */
export interface MailQuestion {
  id: number;
  title: string;
  /** The start of its text. */
  lead: string;
  tags: string[];
  askedBy: string | null;
  askedAt: Date;
  score: number;
  answerCount: number;
  viewCount: number;
  /** The recipient has opened it on the site. */
  viewed: boolean;
}

function toMailQuestion(r: Row): MailQuestion {
  const tags = (typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags) as string[] | null;
  return {
    id: Number(r.id),
    title: String(r.title),
    lead: String(r.lead ?? ''),
    tags: tags ?? [],
    askedBy: str(r.asked_by),
    askedAt: asDate(r.ask_date_time),
    score: Number(r.score ?? 0),
    answerCount: Number(r.answer_count ?? 0),
    viewCount: Number(r.view_count ?? 0),
    viewed: r.viewed === true,
  };
}

const mailQuestionColumns = (userId: number) => sql`q.id, q.title, left(q.text, 300) AS lead, q.ask_date_time, q.score,
    q.answer_count, q.view_count, u.username AS asked_by,
    (SELECT json_agg(t.name ORDER BY qt.position) FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id) AS tags,
    EXISTS (SELECT 1 FROM question_views v WHERE v.question_id = q.id AND v.user_id = ${userId}) AS viewed`;

export async function mailQuestion(db: Db, questionId: number, forUserId: number): Promise<MailQuestion | null> {
  const [row] = await rows(
    db,
    sql`SELECT ${mailQuestionColumns(forUserId)} FROM questions q LEFT JOIN users u ON u.id = q.asked_by WHERE q.id = ${questionId}`,
  );
  return row ? toMailQuestion(row) : null;
}

/**
 * A digest's candidates: questions asked after `since` (by others) in the user's tags — the
 * tags they watch, or, watching none, the ones they ask and answer about most (five) — at most
 * `limit`, newest first; core ranks them. "By others" stays in this query on purpose: left to
 * core after the LIMIT, the user's own questions could take the places of others'.
 */
export async function digestCandidates(
  db: Db,
  opts: { userId: number; since: Date; limit: number },
): Promise<MailQuestion[]> {
  const list = await rows(
    db,
    sql`WITH watched AS (SELECT tag_id FROM watched_tags WHERE user_id = ${opts.userId}),
      own AS (
        SELECT qt.tag_id FROM question_tags qt
        WHERE NOT EXISTS (SELECT 1 FROM watched)
          AND qt.question_id IN (
            (SELECT id FROM questions WHERE asked_by = ${opts.userId} ORDER BY id DESC LIMIT 100)
            UNION (SELECT question_id FROM answers WHERE ans_by = ${opts.userId} ORDER BY id DESC LIMIT 100))
        GROUP BY qt.tag_id ORDER BY count(*) DESC, qt.tag_id LIMIT 5
      ),
      mine AS (SELECT tag_id FROM watched UNION SELECT tag_id FROM own),
      recent AS (
        SELECT DISTINCT r.question_id FROM mine
        CROSS JOIN LATERAL (SELECT qt.question_id FROM question_tags qt WHERE qt.tag_id = mine.tag_id
          AND qt.ask_date_time > ${opts.since.toISOString()} ORDER BY qt.ask_date_time DESC LIMIT ${opts.limit}) r
      )
      SELECT ${mailQuestionColumns(opts.userId)} FROM recent JOIN questions q ON q.id = recent.question_id
      LEFT JOIN users u ON u.id = q.asked_by
      WHERE q.asked_by IS DISTINCT FROM ${opts.userId}
      ORDER BY q.ask_date_time DESC LIMIT ${opts.limit}`,
  );
  return list.map(toMailQuestion);
}
