/**
 * Deleted questions and answers kept for their authors (the rule: core's `decideUndelete`). A
 * deletion by the author keeps what it deletes in `deleted_posts` (migration 0074): the rows, table
 * by table, in the order they go back. Undeleting puts them back with their own ids (the triggers
 * that keep search rows, lists, links and embeddings fire as for new rows), sets the accept again
 * and stores the reputations the decision names, in one transaction; the kept copy goes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { decidedTransaction, type Recount, type Rules } from './decide.ts';
import { storeReputations } from './reputation.ts';
import { idOrNull, rows, type Tx } from './sql-rows.ts';

/** The tables a kept copy may name, in the order their rows go back (a row needs the ones before it). */
const RESTORED = [
  'questions',
  'question_tags',
  'answers',
  'comments',
  'comment_votes',
  'question_votes',
  'answer_votes',
  'question_revisions',
  'answer_revisions',
  'question_views',
  'question_follows',
  'close_votes',
  'question_links',
] as const;
type Restored = (typeof RESTORED)[number];

/** A deleted post as its author is shown it. */
export interface DeletedPost {
  kind: 'question' | 'answer';
  postId: number;
  questionId: number;
  deletedAt: Date;
  title: string;
  text: string;
  html: string | null;
  tags: string[];
}

/**
 * A kept post as undeleting it sees it: its author, when it was deleted, and for an answer its
 * question's asker (`questionGone`: that question was deleted too); whether it was accepted (a
 * question: had an accepted answer) when deleted, and whether its question has an accepted answer now.
 */
export type DeletedSeen = {
  kind: 'question' | 'answer';
  author: number;
  deletedAt: Date;
  askedBy: number | null;
  questionGone: boolean;
  wasAccepted: boolean;
  questionAccepts: boolean;
} | null;

/** Undeleting as decided: whose reputation it moves, and whether the accept it had comes back. */
export interface UndeleteDecision extends Recount {
  accept: boolean;
}

const json = (query: SQL) => sql`coalesce((SELECT jsonb_agg(to_jsonb(x)) FROM (${query}) x), '[]'::jsonb)`;

async function keep(
  tx: Tx,
  post: { kind: 'question' | 'answer'; postId: number; questionId: number; author: number; accepted: number | null },
  display: SQL,
  parts: [Restored, SQL][],
  purgeBefore: Date,
): Promise<void> {
  const saved = sql.join(
    parts.map(([table, query]) => sql`jsonb_build_array(${table}::text, ${json(query)})`),
    sql`, `,
  );
  await tx.execute(sql`DELETE FROM deleted_posts WHERE deleted_at < ${purgeBefore.toISOString()}::timestamptz`);
  await tx.execute(sql`INSERT INTO deleted_posts (kind, post_id, question_id, author_id, title, text, html, tags, saved, accepted)
    SELECT ${post.kind}, ${post.postId}, ${post.questionId}, ${post.author}, d.title, d.text, d.html, d.tags,
      jsonb_build_array(${saved}), ${post.accepted}
    FROM (${display}) d
    ON CONFLICT (kind, post_id) DO NOTHING`);
}

/** Keeps question `questionId` (its row locked), with its answers, comments, votes (comments' upvotes too), revisions, views, follows, close votes and the links to it. */
export async function keepDeletedQuestion(
  tx: Tx,
  questionId: number,
  author: number,
  purgeBefore: Date,
): Promise<void> {
  const answers = sql`SELECT id FROM answers WHERE question_id = ${questionId}`;
  const [row] = await rows(tx, sql`SELECT accepted_answer_id FROM questions WHERE id = ${questionId}`);
  await keep(
    tx,
    { kind: 'question', postId: questionId, questionId, author, accepted: idOrNull(row?.accepted_answer_id) },
    sql`SELECT q.title, q.text, q.html, coalesce((SELECT array_agg(t.name ORDER BY qt.position) FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id), '{}') AS tags FROM questions q WHERE q.id = ${questionId}`,
    [
      ['questions', sql`SELECT * FROM questions WHERE id = ${questionId}`],
      ['question_tags', sql`SELECT * FROM question_tags WHERE question_id = ${questionId}`],
      ['answers', sql`SELECT * FROM answers WHERE question_id = ${questionId}`],
      ['comments', sql`SELECT * FROM comments WHERE question_id = ${questionId} OR answer_id IN (${answers})`],
      [
        'comment_votes',
        sql`SELECT v.* FROM comment_votes v JOIN comments c ON c.id = v.comment_id WHERE c.question_id = ${questionId} OR c.answer_id IN (${answers})`,
      ],
      ['question_votes', sql`SELECT * FROM question_votes WHERE question_id = ${questionId}`],
      ['answer_votes', sql`SELECT * FROM answer_votes WHERE answer_id IN (${answers})`],
      ['question_revisions', sql`SELECT * FROM question_revisions WHERE question_id = ${questionId}`],
      ['answer_revisions', sql`SELECT * FROM answer_revisions WHERE answer_id IN (${answers})`],
      ['question_views', sql`SELECT * FROM question_views WHERE question_id = ${questionId}`],
      ['question_follows', sql`SELECT * FROM question_follows WHERE question_id = ${questionId}`],
      ['close_votes', sql`SELECT * FROM close_votes WHERE question_id = ${questionId}`],
      ['question_links', sql`SELECT * FROM question_links WHERE target_id = ${questionId}`],
    ],
    purgeBefore,
  );
}

/** Keeps answer `answerId` (its question's row and its own locked), with its comments, votes (comments' upvotes too) and revisions, and whether it was accepted. */
export async function keepDeletedAnswer(
  tx: Tx,
  answer: { answerId: number; questionId: number; author: number },
  purgeBefore: Date,
): Promise<void> {
  const { answerId, questionId } = answer;
  const [row] = await rows(
    tx,
    sql`SELECT accepted_answer_id = ${answerId} AS accepted FROM questions WHERE id = ${questionId}`,
  );
  await keep(
    tx,
    { kind: 'answer', postId: answerId, questionId, author: answer.author, accepted: row?.accepted ? answerId : null },
    sql`SELECT '' AS title, a.text, a.html, '{}'::text[] AS tags FROM answers a WHERE a.id = ${answerId}`,
    [
      ['answers', sql`SELECT * FROM answers WHERE id = ${answerId}`],
      ['comments', sql`SELECT * FROM comments WHERE answer_id = ${answerId}`],
      [
        'comment_votes',
        sql`SELECT v.* FROM comment_votes v JOIN comments c ON c.id = v.comment_id WHERE c.answer_id = ${answerId}`,
      ],
      ['answer_votes', sql`SELECT * FROM answer_votes WHERE answer_id = ${answerId}`],
      ['answer_revisions', sql`SELECT * FROM answer_revisions WHERE answer_id = ${answerId}`],
    ],
    purgeBefore,
  );
}

/** The posts `authorId` deleted since `since` that belonged to question `questionId` (the question itself, or answers on it), newest first. */
export async function deletedPostsOf(
  db: Db,
  authorId: number,
  questionId: number,
  since: Date,
): Promise<DeletedPost[]> {
  const found = await rows(
    db,
    sql`SELECT kind, post_id, question_id, deleted_at, title, text, html, tags FROM deleted_posts
        WHERE question_id = ${questionId} AND author_id = ${authorId} AND deleted_at >= ${since.toISOString()}::timestamptz
        ORDER BY deleted_at DESC`,
  );
  return found.map((r) => ({
    kind: r.kind === 'question' ? 'question' : 'answer',
    postId: Number(r.post_id),
    questionId: Number(r.question_id),
    deletedAt: new Date(String(r.deleted_at)),
    title: String(r.title),
    text: String(r.text),
    html: r.html === null ? null : String(r.html),
    tags: (r.tags as string[]) ?? [],
  }));
}

/** Puts a kept post back as decided; answers its question's id. */
export async function undeletePost(
  db: Db,
  post: { kind: 'question' | 'answer'; postId: number },
  rules: Rules<DeletedSeen, UndeleteDecision>,
): Promise<Result<{ questionId: number }>> {
  return decidedTransaction(db, async (tx) => {
    const [kept] = await rows(
      tx,
      sql`SELECT author_id, deleted_at, question_id, saved, accepted FROM deleted_posts WHERE kind = ${post.kind} AND post_id = ${post.postId} FOR UPDATE`,
    );
    const questionId = Number(kept?.question_id);
    // An answer goes back under its question's lock, taken first as every answer write takes it.
    const [question] =
      kept && post.kind === 'answer'
        ? await rows(
            tx,
            sql`SELECT asked_by, accepted_answer_id IS NOT NULL AS accepts FROM questions WHERE id = ${questionId} FOR UPDATE`,
          )
        : [];
    const decision = rules.decide(
      kept
        ? {
            kind: post.kind,
            author: Number(kept.author_id),
            deletedAt: new Date(String(kept.deleted_at)),
            askedBy: idOrNull(question?.asked_by),
            questionGone: post.kind === 'answer' && !question,
            wasAccepted: idOrNull(kept.accepted) !== null,
            questionAccepts: question?.accepts === true,
          }
        : null,
    );
    if (!decision.ok) return decision;
    for (const [table, saved] of kept!.saved as [string, unknown[]][]) {
      const known = RESTORED.find((t) => t === table);
      if (known) await restore(tx, known, saved);
    }
    const accepted = idOrNull(kept!.accepted);
    const { accept } = decision.value;
    if (post.kind === 'question') {
      // Its accepted answer is back with it, unless that answer was deleted before it.
      if (accept)
        await tx.execute(
          sql`UPDATE questions SET accepted_answer_id = (SELECT id FROM answers WHERE id = ${accepted} AND question_id = ${questionId}) WHERE id = ${questionId}`,
        );
    } else {
      await tx.execute(
        sql`UPDATE questions SET answer_count = answer_count + 1 ${accept ? sql`, accepted_answer_id = ${accepted}` : sql``} WHERE id = ${questionId}`,
      );
    }
    await tx.execute(sql`DELETE FROM deleted_posts WHERE kind = ${post.kind} AND post_id = ${post.postId}`);
    await storeReputations(tx, decision.value.recount, rules.reputation);
    return succeed({ questionId });
  });
}

/** Puts `saved` rows back into `table`; a question comes back without its accept (set once its answers are back) and without a duplicate link to a question gone since. */
async function restore(tx: Tx, table: Restored, saved: unknown[]): Promise<void> {
  const data = JSON.stringify(saved);
  if (table === 'questions')
    await tx.execute(sql`SELECT restore_rows('questions', (SELECT jsonb_agg(CASE WHEN EXISTS (SELECT 1 FROM questions q WHERE q.id = (r->>'closed_duplicate_of')::bigint)
        THEN r ELSE r || '{"closed_duplicate_of": null}'::jsonb END || '{"accepted_answer_id": null}'::jsonb) FROM jsonb_array_elements(${data}::jsonb) r))`);
  else await tx.execute(sql`SELECT restore_rows(${table}::regclass, ${data}::jsonb)`);
}
