/** The newest-first question list with its total, paged by offset (the /home screen). */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { questions, users } from '../schema/index.ts';

export interface QuestionSummary {
  _id: string;
  title: string;
  askedBy: string | null;
  askDateTime: string;
  answerCount: number;
  viewCount: number;
  score: number;
}

export async function listNewestQuestions(db: Db, page: { limit: number; offset: number }): Promise<{ questions: QuestionSummary[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: questions.id,
        title: questions.title,
        askedBy: users.username,
        askDateTime: questions.askDateTime,
        answerCount: questions.answerCount,
        viewCount: questions.viewCount,
        score: questions.score,
      })
      .from(questions)
      .leftJoin(users, eq(users.id, questions.askedBy))
      .orderBy(desc(questions.askDateTime), desc(questions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(questions),
  ]);
  return {
    questions: rows.map(({ id, askDateTime, ...r }) => ({ ...r, _id: String(id), askDateTime: askDateTime.toISOString() })),
    total: totals[0]?.n ?? 0,
  };
}
