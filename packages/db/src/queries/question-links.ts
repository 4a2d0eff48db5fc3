/**
 * The questions linked with one question (issue 42's "Linked"): those its own text or its answers
 * link to, and those whose text or answers link to it (migration 0063 keeps the links as posts are
 * written), best scored first; hidden questions and links from hidden answers drop out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { QuestionLink } from './related.ts';
import { rows, type Tx } from './sql-rows.ts';

export async function linkedQuestions(db: Db, questionId: number, limit: number): Promise<QuestionLink[]> {
  const found = await rows<{ id: number; title: string; score: number; answer_count: number }>(
    db,
    sql`WITH linked AS (
          SELECT l.target_id AS id FROM question_links l LEFT JOIN answers a ON a.id = l.answer_id
          WHERE l.question_id = ${questionId} AND a.hidden IS NULL
          UNION
          SELECT l.question_id FROM question_links l LEFT JOIN answers a ON a.id = l.answer_id
          WHERE l.target_id = ${questionId} AND a.hidden IS NULL)
        SELECT q.id, q.title, q.score, q.answer_count FROM linked JOIN questions q ON q.id = linked.id
        WHERE q.hidden IS NULL ORDER BY q.score DESC, q.id DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({
    _id: String(r.id),
    title: String(r.title),
    score: Number(r.score),
    answerCount: Number(r.answer_count),
  }));
}

/** After an import: the links of its posts found again (a post may link to a question added after it); how many were added. */
export async function linkImportedQuestions(tx: Tx): Promise<number> {
  const [row] = await rows(tx, sql`SELECT link_questions(true) AS added`);
  return Number(row?.added ?? 0);
}
