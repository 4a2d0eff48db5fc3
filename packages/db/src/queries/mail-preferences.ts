/**
 * What a user has asked to hear about: the questions they follow, the tags they watch (also
 * for marking questions on lists later: `watchedTagNames`), and their mail settings (a row only
 * for a kind they set; the others keep the default). Also when they last had the site open,
 * and the development outbox.
 */
import { sql } from 'drizzle-orm';
import type { Cadence, MailKind } from '@fso/shared';
import type { Db } from '../client.ts';
import { asDate } from './account-tokens.ts';
import { rows, type Tx } from './sql-rows.ts';

/** The asker follows their new question (in the asking transaction). */
export async function followOwnQuestion(tx: Tx, questionId: number, userId: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO question_follows (user_id, question_id) VALUES (${userId}, ${questionId}) ON CONFLICT DO NOTHING`,
  );
}

/** Follows or unfollows; false when the question does not exist. */
export async function setFollowing(db: Db, userId: number, questionId: number, follow: boolean): Promise<boolean> {
  const [exists] = await rows(db, sql`SELECT 1 FROM questions WHERE id = ${questionId}`);
  if (!exists) return false;
  await db.execute(
    follow
      ? sql`INSERT INTO question_follows (user_id, question_id) VALUES (${userId}, ${questionId}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM question_follows WHERE user_id = ${userId} AND question_id = ${questionId}`,
  );
  return true;
}

export async function isFollowing(db: Db, userId: number, questionId: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM question_follows WHERE user_id = ${userId} AND question_id = ${questionId}`,
  );
  return found.length > 0;
}

/** Watches or unwatches a tag by name; the tag's stored name, or null when there is no such tag. */
export async function setWatching(db: Db, userId: number, tagName: string, watch: boolean): Promise<string | null> {
  const [tag] = await rows(db, sql`SELECT id, name FROM tags WHERE lower(name) = ${tagName.toLowerCase()}`);
  if (!tag) return null;
  await db.execute(
    watch
      ? sql`INSERT INTO watched_tags (user_id, tag_id) VALUES (${userId}, ${Number(tag.id)}) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM watched_tags WHERE user_id = ${userId} AND tag_id = ${Number(tag.id)}`,
  );
  return String(tag.name);
}

/** The names of the tags the user watches, by name (a user watches few). */
export async function watchedTagNames(db: Db, userId: number): Promise<string[]> {
  const list = await rows(
    db,
    sql`SELECT t.name FROM watched_tags w JOIN tags t ON t.id = w.tag_id WHERE w.user_id = ${userId} ORDER BY lower(t.name) LIMIT 500`,
  );
  return list.map((r) => String(r.name));
}

/** The kinds the user has set, with their cadence. */
export async function mailSettingRows(db: Db, userId: number): Promise<Partial<Record<MailKind, Cadence>>> {
  const list = await rows(db, sql`SELECT kind, cadence FROM mail_settings WHERE user_id = ${userId}`);
  return Object.fromEntries(list.map((r) => [String(r.kind), String(r.cadence)]));
}

/** Stores the given kinds' cadences (the others unchanged). */
export async function saveMailSettings(
  db: Db,
  userId: number,
  settings: Partial<Record<MailKind, Cadence>>,
): Promise<void> {
  const entries = Object.entries(settings);
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(([kind, cadence]) => sql`(${userId}, ${kind}, ${cadence})`),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO mail_settings (user_id, kind, cadence) VALUES ${values}
      ON CONFLICT (user_id, kind) DO UPDATE SET cadence = EXCLUDED.cadence`,
  );
}

/** Records that these users have the site open now. */
export async function touchLastSeen(db: Db, userIds: number[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`UPDATE users SET last_seen_at = ${now.toISOString()} WHERE id = ANY(${sql.param([...new Set(userIds)])}::bigint[])`,
  );
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: string;
}

export async function insertOutboxMail(db: Db, mail: Omit<OutboxMail, 'id' | 'createdAt'>): Promise<void> {
  await db.execute(
    sql`INSERT INTO mail_outbox (to_address, subject, text, html, headers)
      VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${JSON.stringify(mail.headers)}::jsonb)`,
  );
}

/** One page of the outbox, newest first, and how many mails it holds. */
export async function listOutbox(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ mails: OutboxMail[]; total: number }> {
  const [list, [count]] = await Promise.all([
    rows(
      db,
      sql`SELECT id, to_address, subject, text, html, headers, created_at FROM mail_outbox ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rows(db, sql`SELECT count(*)::int AS n FROM mail_outbox`),
  ]);
  return {
    total: Number(count?.n ?? 0),
    mails: list.map((r) => ({
      id: Number(r.id),
      to: String(r.to_address),
      subject: String(r.subject),
      text: String(r.text),
      html: String(r.html),
      headers: (typeof r.headers === 'string' ? JSON.parse(r.headers) : r.headers) as Record<string, string>,
      createdAt: asDate(r.created_at).toISOString(),
    })),
  };
}
