/** Titles and tallies of a few questions by id, in the order asked, for the related-questions list; deleted and hidden ones drop out. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rows } from './sql-rows.ts';

export interface QuestionLink {
  _id: string;
  title: string;
  score: number;
  answerCount: number;
}

export async function questionLinks(db: Db, ids: number[]): Promise<QuestionLink[]> {
  if (ids.length === 0) return [];
  const result = await rows<{ id: number; title: string; score: number; answer_count: number }>(
    db,
    sql`SELECT id, title, score, answer_count FROM questions WHERE id = ANY(${sql.param(ids)}::bigint[]) AND hidden IS NULL`,
  );
  const byId = new Map(
    result.map((r) => [
      Number(r.id),
      { _id: String(r.id), title: String(r.title), score: Number(r.score), answerCount: Number(r.answer_count) },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
