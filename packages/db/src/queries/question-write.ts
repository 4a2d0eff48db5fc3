/**
 * Writing Q&A: questions with their tags, answers, comments and views. Each write is
 * one transaction; counters on the question row (answers, score, views, last activity) and the
 * notifications an answer or comment causes are written in the same transaction. Votes are in
 * votes.ts; edits, accepts and deletions in post-edit.ts, accept.ts and post-delete.ts.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { postingState } from './closing.ts';
import { idOrNull, rows, type Tx } from './sql-rows.ts';
import { followOwnQuestion } from './mail-preferences.ts';
import { mailTagWatchers, type WatcherMailRule } from './mail-queue.ts';
import { notifyPost, type NotifyRule } from './notifications.ts';

export const USER_ADDED_TAG = 'user added tag';

/** A post's body: its Markdown source and, when the writer rendered it, the sanitised HTML. */
interface Body {
  text: string;
  /** Omitted: stored NULL, rendered whenever the post is read. */
  html?: string;
}

/**
 * Inserts the question and its tags (new tags described as "user added tag"), followed by its
 * asker, with a mail queued to each watcher of its tags that core's `mailWatchers` picks (none
 * without it); returns its id. A `held` question (a new account's first post held for review) is hidden.
 */
export async function insertQuestion(
  db: Db,
  input: Body & { title: string; tags: string[]; askedBy: number; held?: boolean; mailWatchers?: WatcherMailRule },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [question] = await rows(
      tx,
      sql`INSERT INTO questions (title, text, html, asked_by, hidden)
          VALUES (${input.title}, ${input.text}, ${input.html ?? null}, ${input.askedBy}, ${input.held ? 'held' : null}) RETURNING id`,
    );
    const id = Number(question?.id);
    await setQuestionTags(tx, id, input.tags);
    await followOwnQuestion(tx, id, input.askedBy);
    if (input.mailWatchers) await mailTagWatchers(tx, id, input.askedBy, input.mailWatchers);
    return id;
  });
}

/** The user's answers to the question that are held for review (few: only a first post is held), with their stored HTML. */
export async function heldAnswersBy(
  db: Db,
  questionId: number,
  userId: number,
): Promise<{ _id: string; text: string; html: string | null }[]> {
  const found = await rows(
    db,
    sql`SELECT id, text, html FROM answers WHERE question_id = ${questionId} AND ans_by = ${userId} AND hidden = 'held' ORDER BY id LIMIT 5`,
  );
  return found.map((r) => ({ _id: String(r.id), text: String(r.text), html: r.html === null ? null : String(r.html) }));
}

/** Whether the question (or an answer and its question) is shown: a hidden one's events go to nobody (issue 41). */
export async function questionShown(db: Db, post: { questionId: number } | { answerId: number }): Promise<boolean> {
  const [found] = await rows(
    db,
    'questionId' in post
      ? sql`SELECT hidden IS NULL AS shown FROM questions WHERE id = ${post.questionId}`
      : sql`SELECT q.hidden IS NULL AND a.hidden IS NULL AS shown FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = ${post.answerId}`,
  );
  return found?.shown === true;
}

/** Whether the user has ever written a question or an answer (a new account's first post may be held for review). */
export async function hasPosted(db: Db, userId: number): Promise<boolean> {
  const [found] = await rows(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM questions WHERE asked_by = ${userId}) OR EXISTS (SELECT 1 FROM answers WHERE ans_by = ${userId}) AS posted`,
  );
  return found?.posted === true;
}

/** Makes `tags` the question's tags, in this order, creating the new ones as "user added tag". */
export async function setQuestionTags(tx: Tx, questionId: number, tags: string[]): Promise<void> {
  const names = sql.join(
    tags.map((t) => sql`(${t}, ${USER_ADDED_TAG})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO tags (name, description) VALUES ${names} ON CONFLICT (lower(name)) DO NOTHING`);
  const lowered = tags.map((t) => t.toLowerCase());
  // The old rows deleted and the new ones inserted in one statement (the insert waits for the
  // delete: it reads the delete's count first), so migration 0022's triggers on both fire after
  // it, each seeing the final tags: the question's `question_search` row is written once, or not
  // at all when the tags are the same (decision record 0059; two statements wrote it twice).
  await tx.execute(sql`WITH gone AS (DELETE FROM question_tags WHERE question_id = ${questionId} RETURNING 1)
    INSERT INTO question_tags (question_id, tag_id, position)
    SELECT ${questionId}, t.id, array_position(${sql.param(lowered)}::text[], lower(t.name)) FROM tags t
    WHERE lower(t.name) = ANY(${sql.param(lowered)}::text[]) AND (SELECT count(*) FROM gone) >= 0`);
}

/**
 * Adds an answer, bumps the question's counters and notifies whom core's `notify` plans of the
 * asker, the question's followers and the users it mentions (without it, as a fixture may write,
 * nobody), in one transaction; null when the question does not exist. `notified`: the recipients.
 */
export async function insertAnswer(
  db: Db,
  input: Body & { questionId: number; ansBy: number },
  notify?: NotifyRule,
): Promise<{ answerId: number; notified: number[] } | null> {
  const added = await insertAnswerUnless(db, input, { gate: UNGATED, notify });
  return added.ok ? added.value : null;
}

/** Whether a question in this state takes the write (core's decidePosting): a refusal is returned with nothing written. */
export type PostingGate = (state: { closed: boolean; locked: boolean }) => Result<void>;
const UNGATED: PostingGate = () => succeed(undefined);

/** Core's rules of a post to a question's thread: whether its state takes it, and whom it notifies (undefined: nobody). */
export interface PostingRules {
  gate: PostingGate;
  notify: NotifyRule | undefined;
}

/**
 * insertAnswer, unless `gate` refuses the question's state, read with its row locked first (a
 * close or lock waits for it). A `held` answer is hidden: not counted and notifying nobody.
 */
export async function insertAnswerUnless(
  db: Db,
  input: Body & { questionId: number; ansBy: number; held?: boolean },
  { gate, notify }: PostingRules,
): Promise<Result<{ answerId: number; notified: number[] } | null>> {
  return db.transaction(async (tx) => {
    const state = await postingState(tx, { questionId: input.questionId });
    if (!state) return succeed(null);
    const open = gate(state);
    if (!open.ok) return open;
    const [question] = await rows(
      tx,
      input.held
        ? sql`SELECT id, asked_by FROM questions WHERE id = ${input.questionId}`
        : sql`UPDATE questions SET answer_count = answer_count + 1, last_activity = now() WHERE id = ${input.questionId} RETURNING id, asked_by`,
    );
    if (!question) return succeed(null);
    const [answer] = await rows(
      tx,
      sql`INSERT INTO answers (question_id, text, html, ans_by, hidden)
          VALUES (${input.questionId}, ${input.text}, ${input.html ?? null}, ${input.ansBy}, ${input.held ? 'held' : null}) RETURNING id`,
    );
    const answerId = Number(answer?.id);
    if (input.held || !notify) return succeed({ answerId, notified: [] });
    const notified = await notifyPost(
      tx,
      {
        kind: 'answer',
        actorId: input.ansBy,
        ownerId: idOrNull(question.asked_by),
        questionId: input.questionId,
        answerId,
        text: input.text,
      },
      notify,
    );
    return succeed({ answerId, notified });
  });
}

/**
 * Adds a comment to a question or an answer and notifies whom core's `notify` plans of the post's
 * author, the question's followers and the users it mentions (without it, nobody), in one
 * transaction; returns the question it belongs to and the recipients, or null.
 */
export async function insertComment(
  db: Db,
  input: Body & { parent: 'question' | 'answer'; parentId: number; commentBy: number },
  notify?: NotifyRule,
): Promise<{ commentId: number; questionId: number; notified: number[] } | null> {
  const added = await insertCommentUnless(db, input, { gate: UNGATED, notify });
  return added.ok ? added.value : null;
}

/** insertComment, unless `gate` refuses the state of the question it belongs to (its row locked first). */
export async function insertCommentUnless(
  db: Db,
  input: Body & { parent: 'question' | 'answer'; parentId: number; commentBy: number },
  { gate, notify }: PostingRules,
): Promise<Result<{ commentId: number; questionId: number; notified: number[] } | null>> {
  return db.transaction(async (tx) => {
    const state = await postingState(
      tx,
      input.parent === 'question' ? { questionId: input.parentId } : { answerId: input.parentId },
    );
    if (!state) return succeed(null);
    const open = gate(state);
    if (!open.ok) return open;
    const [owner] =
      input.parent === 'question'
        ? await rows(
            tx,
            sql`UPDATE questions SET last_activity = now() WHERE id = ${input.parentId} RETURNING id, asked_by AS author`,
          )
        : await rows(
            tx,
            sql`UPDATE questions q SET last_activity = now() FROM answers a WHERE a.id = ${input.parentId} AND q.id = a.question_id RETURNING q.id, a.ans_by AS author`,
          );
    if (!owner) return succeed(null);
    const column = input.parent === 'question' ? sql`question_id` : sql`answer_id`;
    const [comment] = await rows(
      tx,
      sql`INSERT INTO comments (${column}, text, html, comment_by) VALUES (${input.parentId}, ${input.text}, ${input.html ?? null}, ${input.commentBy}) RETURNING id`,
    );
    const commentId = Number(comment?.id);
    const questionId = Number(owner.id);
    const notified = notify
      ? await notifyPost(
          tx,
          {
            kind: 'comment',
            actorId: input.commentBy,
            ownerId: idOrNull(owner.author),
            questionId,
            answerId: input.parent === 'answer' ? input.parentId : null,
            commentId,
            text: input.text,
          },
          notify,
        )
      : [];
    return succeed({ commentId, questionId, notified });
  });
}

/** Counts a signed-in user's first view of a question; true when this view was new. */
export async function recordView(db: Db, questionId: number, userId: number): Promise<boolean> {
  const inserted = await rows(
    db,
    sql`WITH v AS (INSERT INTO question_views (question_id, user_id) VALUES (${questionId}, ${userId}) ON CONFLICT DO NOTHING RETURNING question_id)
        UPDATE questions SET view_count = view_count + 1 WHERE id IN (SELECT question_id FROM v) RETURNING id`,
  );
  return inserted.length > 0;
}
