/**
 * Reading one answer by its id, as REST replies and live events carry it (SPEC §3: its text,
 * author, time, comments and votes), whatever the size of its question: an answer written,
 * edited or commented on is answered from its own row, never looked up in a bounded read of
 * the whole question (issue 39).
 */
import { sql } from 'drizzle-orm';
import type { Answer } from '@fso/shared';
import type { Db } from '../client.ts';
import { attribution, COMMENT_SCORE, iso, QUESTION_LIMITS, str } from './question-read.ts';
import { rows, type Row } from './sql-rows.ts';

/** The answer with its first QUESTION_LIMITS.comments comments and its voters, and its question's id; null when there is none. */
export async function getAnswer(db: Db, answerId: number): Promise<{ answer: Answer; questionId: number } | null> {
  const [found] = await rows<Row & { comments: Row[] }>(
    db,
    sql`SELECT a.id, a.question_id, a.text, u.username AS ans_by, a.ans_date_time, a.score, a.edited_at,
          a.source_url, a.source_author, a.source_author_url,
          (SELECT coalesce(json_agg(r ORDER BY r.comment_date_time, r.id), '[]'::json) FROM (
             SELECT c.id, c.text, cu.username AS comment_by, c.comment_date_time, ${COMMENT_SCORE} AS score FROM comments c LEFT JOIN users cu ON cu.id = c.comment_by
             WHERE c.answer_id = a.id AND c.hidden IS NULL ORDER BY c.comment_date_time, c.id LIMIT ${QUESTION_LIMITS.comments}) r) AS comments,
          ARRAY(SELECT vu.username FROM answer_votes v JOIN users vu ON vu.id = v.user_id WHERE v.answer_id = a.id AND v.value = 1 ORDER BY vu.username LIMIT ${QUESTION_LIMITS.voters}) AS up_votes,
          ARRAY(SELECT vu.username FROM answer_votes v JOIN users vu ON vu.id = v.user_id WHERE v.answer_id = a.id AND v.value = -1 ORDER BY vu.username LIMIT ${QUESTION_LIMITS.voters}) AS down_votes
        FROM answers a LEFT JOIN users u ON u.id = a.ans_by WHERE a.id = ${answerId}`,
  );
  if (!found) return null;
  const names = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    questionId: Number(found.question_id),
    answer: {
      _id: String(found.id),
      text: String(found.text),
      ansBy: str(found.ans_by),
      ansDateTime: iso(found.ans_date_time),
      comments: found.comments.map((c) => ({
        _id: String(c.id),
        text: String(c.text),
        commentBy: str(c.comment_by),
        commentDateTime: iso(c.comment_date_time),
        score: Number(c.score),
      })),
      source: attribution(found),
      upVotes: names(found.up_votes),
      downVotes: names(found.down_votes),
      score: Number(found.score),
      editedAt: found.edited_at ? iso(found.edited_at) : null,
    },
  };
}
