/**
 * Editing questions and answers: the rule (`decideEdit`: author only, the same checks as
 * writing them) and the use cases that have db apply it under the post's lock. The new text's
 * HTML is stored with it; a question's changed title or text re-queues its embedding (a
 * database trigger), so the worker is poked. Commits, then publishes questionUpdate (and
 * commentUpdate for an answer, which replaces it on open pages). The revisions an edit keeps
 * are read in revisions.ts.
 */
import * as db from '@fso/db';
import { MSG, type Answer, type Question } from '@fso/shared';
import { decidePosting } from '../moderation/closing.ts';
import { renderPost } from '../markdown/post-body.ts';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { questionWritten } from './questions.ts';

/**
 * Only its author edits a post, and not once its question is locked (`missing`: the message when there is no such post); an edit
 * that changes none of its fields changes nothing (no revision).
 */
export function decideEdit<F extends object>(
  seen: db.EditSeen<F>,
  edit: { editorId: number; fields: F },
  missing: string,
): Result<db.EditDecision> {
  if (!seen) return fail('notFound', missing);
  const open = decidePosting({ closed: false, locked: seen.locked }, 'edit');
  if (!open.ok) return open;
  if (seen.author !== edit.editorId) return fail('forbidden', MSG.notYourPost);
  const keys = Object.keys(edit.fields) as (keyof F)[];
  return succeed({ changed: keys.some((k) => JSON.stringify(seen[k]) !== JSON.stringify(edit.fields[k])) });
}

export async function editQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; title: string; text: string; tags: string[]; summary?: string },
): Promise<Result<Question>> {
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
    decideEdit(seen, { editorId: actor.userId, fields }, MSG.questionNotFound),
  );
  if (!edited.ok) return edited;
  return questionWritten(ports, questionId, { editedHtml: html });
}

export async function editAnswer(
  ports: Ports,
  caller: Caller,
  input: { answerId: number; text: string; summary?: string },
): Promise<Result<Answer>> {
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
    decideEdit(seen, { editorId: actor.userId, fields }, MSG.answerNotFound),
  );
  if (!edited.ok) return edited;
  const written = await db.getAnswer(ports.db, input.answerId);
  if (!written) return fail('notFound', MSG.answerNotFound);
  const { answer } = written;
  const qid = String(edited.value.questionId);
  ports.events.toQa('bodiesUpdate', { qid, html: { [`a${answer._id}`]: html } });
  ports.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid } });
  return succeed(answer);
}
