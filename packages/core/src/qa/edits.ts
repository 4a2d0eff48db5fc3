/**
 * Editing questions and answers (author only, the same rules as writing them). The new text's
 * HTML is stored with it; a question's changed title or text re-queues its embedding (a database
 * trigger), so the worker is poked. Commits, then publishes questionUpdate (and commentUpdate for
 * an answer, which replaces it on open pages). The revisions an edit keeps are read in revisions.ts.
 */
import * as db from '@fso/db';
import { MSG, type Answer, type Question } from '@fso/shared';
import { renderMarkdown } from '../markdown/markdown.ts';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { questionWritten } from './questions.ts';

export async function editQuestion(
  ports: Ports,
  caller: Caller,
  questionId: number,
  input: { title: string; text: string; tags: string[] },
): Promise<Result<Question>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const html = renderMarkdown(input.text);
  const status = await db.editQuestion(ports.db, { ...input, questionId, userId: actor.userId, html });
  if (status === 'missing') return fail('notFound', MSG.questionNotFound);
  if (status === 'forbidden') return fail('forbidden', MSG.notYourPost);
  return questionWritten(ports, questionId, html);
}

export async function editAnswer(
  ports: Ports,
  caller: Caller,
  answerId: number,
  text: string,
): Promise<Result<Answer>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const html = renderMarkdown(text);
  const edited = await db.editAnswer(ports.db, { answerId, userId: actor.userId, text, html });
  if (edited.status === 'missing' || edited.questionId === null) return fail('notFound', MSG.answerNotFound);
  if (edited.status === 'forbidden') return fail('forbidden', MSG.notYourPost);
  const written = await db.getAnswer(ports.db, answerId);
  if (!written) return fail('notFound', MSG.answerNotFound);
  const { answer } = written;
  const qid = String(edited.questionId);
  ports.events.toQa('bodiesUpdate', { qid, html: { [`a${answer._id}`]: html } });
  ports.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid } });
  return succeed(answer);
}
