/**
 * Q&A use cases shared by the REST routes and the screens' form actions: ask, answer,
 * comment, view (votes, accepts, edits and deletions have their own modules beside this one).
 * The actor is the caller's signed-in user (the routes refuse a payload naming anybody else). Each write stores the body's rendered HTML with its Markdown,
 * commits first and then publishes its SPEC §4 event and the recipients' unread counts.
 */
import * as db from '@fso/db';
import { MSG, type Answer, type Question } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import { renderMarkdown } from '../markdown/markdown.ts';
import { announceUnread } from '../notifications/notifications.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** The whole question, or notFound. */
export async function loadQuestion(ports: Ports, id: number): Promise<Result<Question>> {
  const question = await db.getQuestion(ports.db, id);
  return question ? succeed(question) : fail('notFound', MSG.questionNotFound);
}

export async function askQuestion(ports: Ports, caller: Caller, input: { title: string; text: string; tags: string[] }): Promise<Result<Question>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('question', caller);
  if (limited) return limited;
  const id = await db.insertQuestion(ports.db, { ...input, html: renderMarkdown(input.text), askedBy: actor.userId });
  return questionWritten(ports, id);
}

/**
 * After a question's title or text was written: the embedding worker is poked, and the question
 * re-read and published (an edit's rendered body first, so open pages show it without a request).
 */
export async function questionWritten(ports: Ports, id: number, editedHtml?: string): Promise<Result<Question>> {
  ports.semantic.worker.poke();
  const outcome = await loadQuestion(ports, id);
  if (outcome.ok && editedHtml !== undefined) ports.events.toQa('bodiesUpdate', { qid: outcome.value._id, html: { q: editedHtml } });
  if (outcome.ok) ports.events.toQa('questionUpdate', outcome.value);
  return outcome;
}

export async function answerQuestion(ports: Ports, caller: Caller, questionId: number, text: string): Promise<Result<Answer>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('answer', caller);
  if (limited) return limited;
  const html = renderMarkdown(text);
  const added = await db.insertAnswer(ports.db, { questionId, text, html, ansBy: actor.userId });
  if (added === null) return fail('notFound', MSG.questionNotFound);
  await announceUnread(ports, added.notified);
  const outcome = await loadQuestion(ports, questionId);
  if (!outcome.ok) return outcome;
  const answer = outcome.value.answers.find((a) => a._id === String(added.answerId));
  if (!answer) return fail('notFound', MSG.answerNotFound);
  ports.events.toQa('bodiesUpdate', { qid: String(questionId), html: { [`a${answer._id}`]: html } });
  ports.events.toQa('answerUpdate', { qid: String(questionId), answer });
  ports.events.toQa('questionUpdate', outcome.value);
  return succeed(answer);
}

export async function addComment(ports: Ports, caller: Caller, input: { type: 'question' | 'answer'; id: number; text: string }): Promise<Result<Question | Answer>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('comment', caller);
  if (limited) return limited;
  const html = renderMarkdown(input.text);
  const added = await db.insertComment(ports.db, {
    parent: input.type,
    parentId: input.id,
    text: input.text,
    html,
    commentBy: actor.userId,
  });
  if (!added) return fail('notFound', input.type === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
  await announceUnread(ports, added.notified);
  const outcome = await loadQuestion(ports, added.questionId);
  if (!outcome.ok) return outcome;
  const question = outcome.value;
  ports.events.toQa('bodiesUpdate', { qid: question._id, html: { [`c${added.commentId}`]: html } });
  if (input.type === 'question') {
    ports.events.toQa('commentUpdate', { type: 'question', result: question });
    return succeed(question);
  }
  const answer = question.answers.find((a) => a._id === String(input.id));
  if (!answer) return fail('notFound', MSG.answerNotFound);
  ports.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid: question._id } });
  return succeed(answer);
}

/** Every body of the question as sanitised HTML, keyed `q`, `a<id>` and `c<id>`: stored, or rendered now. */
export function bodiesHtml(q: Question, stored: db.BodiesHtml): Record<string, string> {
  const html: Record<string, string> = {};
  const put = (key: string, text: string) => (html[key] = stored[key] ?? renderMarkdown(text));
  put('q', q.text);
  for (const c of q.comments) put(`c${c._id}`, c.text);
  for (const a of q.answers) {
    put(`a${a._id}`, a.text);
    for (const c of a.comments) put(`c${c._id}`, c.text);
  }
  return html;
}

/**
 * The question as a viewer opens it, with its bodies' stored HTML (see `bodiesHtml`) and its
 * authors' reputations; a signed-in viewer's first visit counts a view.
 */
export async function viewQuestion(ports: Ports, caller: Caller, questionId: number): Promise<Result<{ question: Question; html: db.BodiesHtml; reputations: db.Reputations }>> {
  const found = await db.getQuestionWithHtml(ports.db, questionId);
  if (!found) return fail('notFound', MSG.questionNotFound);
  const { html, reputations } = found;
  const viewer = caller.user;
  if (!viewer || !(await db.recordView(ports.db, questionId, viewer.userId))) return succeed({ question: found.question, html, reputations });
  const question = { ...found.question, viewCount: found.question.viewCount + 1, views: [...found.question.views, viewer.username] };
  ports.events.toQa('viewsUpdate', question);
  return succeed({ question, html, reputations });
}
