/**
 * Undeleting one's own question or answer (issue 42, docs/decisions/0096): the rule
 * (`decideUndelete`: its author only, within UNDELETE_DAYS, an answer only while its question is
 * there), what the author is shown of their deleted posts on a question's page, and the use case
 * that has db put the kept rows back and then publishes the post as a new one.
 */
import * as db from '@fso/db';
import { MSG, UNDELETE_WINDOW_MS, type Answer } from '@fso/shared';
import { actorNamed } from '../caller.ts';
import { renderPost } from '../post-body.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { publishQuestion } from './publish.ts';
import { loadQuestion, questionWritten } from './questions.ts';
import { reputationOf } from './reputation.ts';

/** The oldest deletion that may still be undone at `now`. */
export function undeletableSince(now: Date): Date {
  return new Date(now.getTime() - UNDELETE_WINDOW_MS);
}

/** Only its author undeletes a post (nobody else learns it exists), within the window, and an answer only while its question is there. */
export function decideUndelete(seen: db.DeletedSeen, actorId: number, now: Date): Result<db.UndeleteDecision> {
  if (!seen || seen.author !== actorId) return fail('notFound', MSG.deletedPostNotFound);
  if (seen.deletedAt < undeletableSince(now)) return fail('conflict', MSG.undeleteTooLate);
  // Its accept comes back, unless the asker has accepted another answer since.
  const accept = seen.wasAccepted && !seen.questionAccepts;
  if (seen.kind === 'question') return succeed({ recount: [actorId], accept });
  if (seen.questionGone) return fail('conflict', MSG.undeleteQuestionGone);
  return succeed({ recount: [actorId, seen.askedBy], accept });
}

/** A deleted post as its author sees it on the question's page: greyed, with until when it can come back. */
export interface DeletedPostView {
  kind: 'question' | 'answer';
  id: string;
  qid: string;
  title: string;
  tags: string[];
  html: string;
  deletedAt: string;
  undeleteUntil: string;
}

/** The caller's own posts of question `questionId` (the question, or answers on it) that they may still undelete; none for a visitor. */
export async function deletedPostsOn(
  ports: Ports,
  caller: Caller,
  { questionId }: { questionId: number },
): Promise<DeletedPostView[]> {
  if (!caller.user) return [];
  const found = await db.deletedPostsOf(ports.db, caller.user.userId, questionId, undeletableSince(ports.clock()));
  return Promise.all(
    found.map(async (p) => {
      const rendered = p.html === null ? await renderPost(ports, p.text) : succeed(p.html);
      return {
        kind: p.kind,
        id: String(p.postId),
        qid: String(p.questionId),
        title: p.title,
        tags: p.tags,
        html: rendered.ok ? rendered.value : '',
        deletedAt: p.deletedAt.toISOString(),
        undeleteUntil: new Date(p.deletedAt.getTime() + UNDELETE_WINDOW_MS).toISOString(),
      };
    }),
  );
}

export async function undeletePost(
  ports: Ports,
  caller: Caller,
  input: { kind: 'question' | 'answer'; id: number },
): Promise<Result<{ qid: string }>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('delete', caller);
  if (limited) return limited;
  const now = ports.clock();
  const back = await db.undeletePost(
    ports.db,
    { kind: input.kind, postId: input.id },
    { decide: (seen) => decideUndelete(seen, actor.userId, now), reputation: reputationOf },
  );
  if (!back.ok) return back;
  const { questionId } = back.value;
  if (input.kind === 'question') {
    await questionWritten(ports, questionId, { asked: true });
  } else {
    const written = await db.getAnswer(ports.db, input.id);
    // A hidden question's answers reach no live page (issue 41), nor does an answer hidden itself.
    if (written && (await db.questionShown(ports.db, { answerId: input.id })))
      await publishAnswer(ports, questionId, written.answer);
    const question = await loadQuestion(ports, questionId);
    if (question.ok) publishQuestion(ports, 'questionUpdate', question.value);
  }
  return succeed({ qid: String(questionId) });
}

/** An answer back on its question's open pages, its body first, as a new answer is (questions.ts). */
async function publishAnswer(ports: Ports, questionId: number, answer: Answer): Promise<void> {
  const rendered = await renderPost(ports, answer.text);
  if (rendered.ok)
    ports.events.toQa('bodiesUpdate', { qid: String(questionId), html: { [`a${answer._id}`]: rendered.value } });
  ports.events.toQa('answerUpdate', { qid: String(questionId), answer });
}
