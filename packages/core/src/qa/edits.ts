/**
 * Editing questions and answers: the rule (`decideEdit`: its author or a user with the "edit
 * without review" privilege edits at once; anyone else signed in suggests the edit, which waits
 * for review: moderation/suggested-edits.ts) and the use cases that have db apply it under the
 * post's lock. The new text's
 * HTML is stored with it; a question's changed title or text re-queues its embedding (a
 * database trigger), so the worker is poked. Commits, then publishes questionUpdate (and
 * commentUpdate for an answer, which replaces it on open pages). The revisions an edit keeps
 * are read in revisions.ts.
 */
import * as db from '@fso/db';
import { MSG, SUGGEST_MSG, type Answer, type Question, type SuggestedEditReceipt } from '@fso/shared';
import { decidePosting } from '../moderation/closing.ts';
import { announceReviewCount } from '../moderation/review-count.ts';
import { can } from '../moderation/privileges.ts';
import { renderPost } from '../post-body.ts';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { questionWritten } from './questions.ts';

/**
 * A post is edited, not once its question is locked (`missing`: the message when there is no
 * such post), by its author or a user with the "edit without review" privilege (`privileged`);
 * anyone else's edit is suggested for review, one waiting per post at a time. An edit that
 * changes none of its fields changes nothing (no revision, no suggestion).
 */
export function decideEdit<F extends object>(
  seen: db.EditSeen<F>,
  edit: { editorId: number; privileged: boolean; fields: F },
  missing: string,
): Result<db.EditDecision> {
  if (!seen) return fail('notFound', missing);
  const open = decidePosting({ closed: false, locked: seen.locked }, 'edit');
  if (!open.ok) return open;
  const keys = Object.keys(edit.fields) as (keyof F)[];
  const changed = keys.some((k) => JSON.stringify(seen[k]) !== JSON.stringify(edit.fields[k]));
  const suggest = seen.author !== edit.editorId && !edit.privileged;
  if (suggest && changed && seen.pendingSuggestion) return fail('conflict', SUGGEST_MSG.pendingAlready);
  return succeed({ changed, suggest });
}

/** An edit's answer: the edited post, or the receipt of a suggestion that waits for review. */
export type Edited<T> = T | SuggestedEditReceipt;

async function suggested(ports: Ports, id: number): Promise<Result<SuggestedEditReceipt>> {
  await announceReviewCount(ports);
  return succeed({ suggestedEdit: String(id), message: SUGGEST_MSG.submitted });
}

export async function editQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; title: string; text: string; tags: string[]; summary?: string },
): Promise<Result<Edited<Question>>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const { questionId, summary = '', ...fields } = input;
  const rendered = await renderPost(ports, fields.text);
  if (!rendered.ok) return rendered;
  const html = rendered.value;
  const edit = { ...fields, summary, editorId: actor.userId, html };
  const edited = await db.editQuestion(ports.db, questionId, edit, (seen) =>
    decideEdit(
      seen,
      { editorId: actor.userId, privileged: can(caller, 'editWithoutReview'), fields },
      MSG.questionNotFound,
    ),
  );
  if (!edited.ok) return edited;
  if (edited.value.suggestion !== null) return suggested(ports, edited.value.suggestion);
  return questionWritten(ports, questionId, { editedHtml: html });
}

export async function editAnswer(
  ports: Ports,
  caller: Caller,
  input: { answerId: number; text: string; summary?: string },
): Promise<Result<Edited<Answer>>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const rendered = await renderPost(ports, input.text);
  if (!rendered.ok) return rendered;
  const html = rendered.value;
  const fields = { text: input.text };
  const edit = { ...fields, summary: input.summary ?? '', editorId: actor.userId, html };
  const edited = await db.editAnswer(ports.db, input.answerId, edit, (seen) =>
    decideEdit(
      seen,
      { editorId: actor.userId, privileged: can(caller, 'editWithoutReview'), fields },
      MSG.answerNotFound,
    ),
  );
  if (!edited.ok) return edited;
  if (edited.value.suggestion !== null) return suggested(ports, edited.value.suggestion);
  const written = await db.getAnswer(ports.db, input.answerId);
  if (!written) return fail('notFound', MSG.answerNotFound);
  const { answer } = written;
  const qid = String(edited.value.questionId);
  // A hidden question's edits reach no live page (issue 41).
  if (!(await db.questionShown(ports.db, { questionId: edited.value.questionId }))) return succeed(answer);
  ports.events.toQa('bodiesUpdate', { qid, html: { [`a${answer._id}`]: html } });
  ports.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid } });
  return succeed(answer);
}
