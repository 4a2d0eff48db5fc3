/**
 * A user's activity for the profile (docs/decisions/0021): their questions and their answers,
 * newest first, each list paged and counted, with scores and whether it is accepted.
 */
import { sql } from 'drizzle-orm';
import type { UserActivity } from '@fso/shared';
import type { Db } from '../client.ts';
import { rows } from './sql-rows.ts';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Null when there is no such user. `questions` and `answers` are paged independently. */
export async function getUserActivity(
  db: Db,
  username: string,
  page: { limit: number; questionOffset: number; answerOffset: number },
): Promise<UserActivity | null> {
  const [user] = await rows(
    db,
    sql`SELECT id, username, biography, date_joined, reputation FROM users WHERE lower(username) = ${username.toLowerCase()}`,
  );
  if (!user) return null;
  const id = Number(user.id);
  const [questions, answers, totals] = await Promise.all([
    rows(
      db,
      sql`SELECT q.id, q.title, q.score, q.answer_count, q.accepted_answer_id IS NOT NULL AS accepted, q.ask_date_time
          FROM questions q WHERE q.asked_by = ${id} AND q.hidden IS NULL ORDER BY q.ask_date_time DESC, q.id DESC LIMIT ${page.limit} OFFSET ${page.questionOffset}`,
    ),
    rows(
      db,
      sql`SELECT a.id, a.question_id, q.title, a.score, q.accepted_answer_id = a.id AS accepted, a.ans_date_time
          FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.ans_by = ${id} AND a.hidden IS NULL AND q.hidden IS NULL
          ORDER BY a.ans_date_time DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.answerOffset}`,
    ),
    rows(
      db,
      sql`SELECT (SELECT count(*)::int FROM questions WHERE asked_by = ${id} AND hidden IS NULL) AS questions,
            (SELECT count(*)::int FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.ans_by = ${id} AND a.hidden IS NULL AND q.hidden IS NULL) AS answers`,
    ),
  ]);
  return {
    username: String(user.username),
    biography: String(user.biography),
    dateJoined: iso(user.date_joined),
    reputation: Number(user.reputation),
    questions: {
      total: Number(totals[0]?.questions ?? 0),
      items: questions.map((r) => ({
        _id: String(r.id),
        title: String(r.title),
        score: Number(r.score),
        answerCount: Number(r.answer_count),
        accepted: r.accepted === true,
        askDateTime: iso(r.ask_date_time),
      })),
    },
    answers: {
      total: Number(totals[0]?.answers ?? 0),
      items: answers.map((r) => ({
        _id: String(r.id),
        qid: String(r.question_id),
        title: String(r.title),
        score: Number(r.score),
        accepted: r.accepted === true,
        ansDateTime: iso(r.ans_date_time),
      })),
    },
  };
}
