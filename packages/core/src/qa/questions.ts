/**
 * Q&A use cases shared by the REST routes and the screens' form actions: ask, answer,
 * comment, view (votes, accepts, edits and deletions have their own modules beside this one).
 * The actor is the caller's signed-in user; a payload naming anybody else (askedBy, ansBy, commentBy) is
 * refused (caller.ts's actorNamed). Each write stores the body's rendered HTML with its Markdown
 * (rendered off the event loop, refused past the post caps: post-body.ts),
 * commits first and then publishes its SPEC §4 event and the recipients' unread counts.
 */
import * as db from '@fso/db';
import {
  ANSWERS_PER_PAGE,
  COMMENTS_SHOWN,
  MSG,
  type Answer,
  type CountedQuestion,
  type PageQuestion,
  type Question,
  type QuestionPageQuery,
} from '@fso/shared';
import { renderMarkdown } from '@fso/markdown';
import { actorNamed } from '../caller.ts';
import { decidePosting } from '../moderation/closing.ts';
import { renderPost } from '../post-body.ts';
import { mayReadHidden } from '../moderation/flag-rules.ts';
import { isModerator } from '../moderation/privileges.ts';
import { mayBeHeld, newUserGate } from '../moderation/new-users.ts';
import { announceReviewCount } from '../moderation/review-count.ts';
import { announceUnread } from '../notifications/notifications.ts';
import { notifyRule, watchedQuestionMailTo } from '../notifications/fan-out.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { publishQuestion } from './publish.ts';
import { capQuestion, fitBodies } from './question-size.ts';

/** The question (with why it is hidden, when it is) as REST replies and live events carry it (cut to QUESTION_REPLY_MAX_BYTES: question-size.ts), or notFound. */
export async function loadQuestion(
  ports: Ports,
  id: number,
): Promise<Result<CountedQuestion & { hidden?: db.Hidden }>> {
  const question = await db.getQuestion(ports.db, id);
  return question ? succeed(capQuestion(question)) : fail('notFound', MSG.questionNotFound);
}

/** One answer with its comments, read by its id however many answers its question has, and its question's id; or notFound. */
export async function loadAnswer(
  ports: Ports,
  answerId: number,
): Promise<Result<{ answer: Answer; questionId: number }>> {
  const found = await db.getAnswer(ports.db, answerId);
  return found ? succeed(found) : fail('notFound', MSG.answerNotFound);
}

export async function askQuestion(
  ports: Ports,
  caller: Caller,
  input: { title: string; text: string; tags: string[]; askedBy?: string },
): Promise<Result<Question>> {
  const named = actorNamed(caller, input.askedBy);
  if (!named.ok) return named;
  const limited = caller.limited ?? (await ports.limiter.hit('question', caller));
  if (limited && !mayBeHeld(caller, 'question')) return limited;
  const rendered = await renderPost(ports, input.text);
  if (!rendered.ok) return rendered;
  const gate = await newUserGate(ports, caller, { html: rendered.value, limited });
  if (!gate.ok) return gate;
  const { title, text, tags } = input;
  const id = await db.insertQuestion(ports.db, {
    title,
    text,
    tags,
    html: rendered.value,
    askedBy: named.value.userId,
    held: gate.value.held,
    mailWatchers: (askerId, watchers) => watchedQuestionMailTo({ askerId, held: gate.value.held }, watchers),
  });
  if (gate.value.held) await announceReviewCount(ports);
  return questionWritten(ports, id, { asked: true });
}

/**
 * After a question was asked or its title or text edited: the embedding worker is poked, and the
 * question re-read and published (an edit's rendered body first, so open pages show it without a
 * request).
 */
export async function questionWritten(
  ports: Ports,
  id: number,
  change: { asked: true } | { editedHtml: string },
): Promise<Result<Question>> {
  ports.semantic.worker.poke();
  const outcome = await loadQuestion(ports, id);
  // A hidden question's edits reach no live page (issue 41).
  if (!outcome.ok || outcome.value.hidden) return outcome;
  if ('editedHtml' in change)
    ports.events.toQa('bodiesUpdate', { qid: outcome.value._id, html: { q: change.editedHtml } });
  publishQuestion(ports, 'questionUpdate', outcome.value, 'asked' in change ? 'questionAsked' : 'rowUpdate');
  return outcome;
}

export async function answerQuestion(
  ports: Ports,
  caller: Caller,
  input: { qid: number; text: string; ansBy?: string },
): Promise<Result<Answer>> {
  const named = actorNamed(caller, input.ansBy);
  if (!named.ok) return named;
  const actor = named.value;
  const { qid: questionId, text } = input;
  const limited = caller.limited ?? (await ports.limiter.hit('answer', caller));
  if (limited && !mayBeHeld(caller, 'answer')) return limited;
  const rendered = await renderPost(ports, text);
  if (!rendered.ok) return rendered;
  const html = rendered.value;
  const gate = await newUserGate(ports, caller, { html, limited });
  if (!gate.ok) return gate;
  const held = gate.value.held;
  const posted = await db.insertAnswerUnless(
    ports.db,
    { questionId, text, html, ansBy: actor.userId, held },
    { gate: (state) => decidePosting(state, 'answer'), notify: notifyRule },
  );
  if (!posted.ok) return posted;
  const added = posted.value;
  if (added === null) return fail('notFound', MSG.questionNotFound);
  await announceUnread(ports, added.notified);
  // The reply is the written row itself, however many answers the question has.
  const written = await db.getAnswer(ports.db, added.answerId);
  if (!written) return fail('notFound', MSG.answerNotFound);
  const { answer } = written;
  // A held answer reaches no live page until a moderator approves it (review.ts); an answer to a hidden question none.
  if (held) await announceReviewCount(ports);
  if (held || !(await db.questionShown(ports.db, { questionId }))) return succeed(answer);
  ports.events.toQa('bodiesUpdate', { qid: String(questionId), html: { [`a${answer._id}`]: html } });
  ports.events.toQa('answerUpdate', { qid: String(questionId), answer });
  const outcome = await loadQuestion(ports, questionId);
  if (outcome.ok) publishQuestion(ports, 'questionUpdate', outcome.value);
  return succeed(answer);
}

export async function addComment(
  ports: Ports,
  caller: Caller,
  input: { type: 'question' | 'answer'; id: number; text: string; commentBy?: string },
): Promise<Result<Question | Answer>> {
  const named = actorNamed(caller, input.commentBy);
  if (!named.ok) return named;
  const actor = named.value;
  const limited = await ports.limiter.hit('comment', caller);
  if (limited) return limited;
  const rendered = await renderPost(ports, input.text);
  if (!rendered.ok) return rendered;
  const html = rendered.value;
  const posted = await db.insertCommentUnless(
    ports.db,
    { parent: input.type, parentId: input.id, text: input.text, html, commentBy: actor.userId },
    { gate: (state) => decidePosting(state, 'comment'), notify: notifyRule },
  );
  if (!posted.ok) return posted;
  const added = posted.value;
  if (!added) return fail('notFound', input.type === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
  await announceUnread(ports, added.notified);
  const qid = String(added.questionId);
  // A hidden question's comments reach no live page (issue 41).
  const live = await db.questionShown(ports.db, { questionId: added.questionId });
  if (live) ports.events.toQa('bodiesUpdate', { qid, html: { [`c${added.commentId}`]: html } });
  if (input.type === 'question') {
    const outcome = await loadQuestion(ports, added.questionId);
    if (!outcome.ok) return outcome;
    if (live) ports.events.toQa('commentUpdate', { type: 'question', result: outcome.value });
    return succeed(outcome.value);
  }
  // The answer read by its own id, however many answers its question has.
  const written = await db.getAnswer(ports.db, input.id);
  if (!written) return fail('notFound', MSG.answerNotFound);
  if (live) ports.events.toQa('commentUpdate', { type: 'answer', result: { ...written.answer, qid } });
  return succeed(written.answer);
}

/** Which question is opened, and whether opening it counts a view: not when a browser fetched it for another page, as an image or a script (issue 39 item 13). */
export interface ViewInput {
  questionId: number;
  countView: boolean;
}

/**
 * The question as a REST caller opens it (GET /question/getQuestionById), cut to
 * QUESTION_REPLY_MAX_BYTES (its `answerCount` says how many answers it has); a signed-in
 * caller's first visit counts a view, published as viewsUpdate.
 */
export async function viewQuestion(
  ports: Ports,
  caller: Caller,
  { questionId, countView }: ViewInput,
): Promise<Result<Question>> {
  const found = await db.getQuestion(ports.db, questionId);
  if (!found || !visibleTo(caller, found.hidden ?? null, found.askedBy)) return fail('notFound', MSG.questionNotFound);
  const viewer = countView ? await newViewer(ports, caller, questionId) : null;
  const question = viewer ? { ...found, viewCount: found.viewCount + 1, views: [...found.views, viewer] } : found;
  if (viewer) publishQuestion(ports, 'viewsUpdate', question);
  return succeed(capQuestion(question));
}

/** A question's page as a viewer opens it (see viewQuestion): one page of its answers, their bodies' HTML, the page's description and its authors' reputations. */
export interface QuestionPage {
  /** The question with one page of answers and the first COMMENTS_SHOWN comments of each post (all of `comments`'s). */
  question: PageQuestion;
  /** The bodies shown, as sanitised HTML keyed `q`, `a<id>` and `c<id>`: stored, or rendered now. */
  html: Record<string, string>;
  /** Bodies of this page left out to keep it within PAGE_BODIES_MAX_BYTES (the page links to each). */
  withheld: string[];
  /** How many answers the question has, and how many comments each post on the page has (keyed `q`, `a<id>`). */
  answerCount: number;
  commentCounts: Record<string, number>;
  /** This page (the one `answer` is on, when given) and how many there are (at least 1). */
  page: number;
  pages: number;
  /** The first 160 characters of the question's Markdown, whitespace collapsed. */
  description: string;
  reputations: db.Reputations;
  /** The authors on the page who are moderators or admins (♦). */
  moderators: string[];
  /** Why the question is hidden (its asker and moderators still read it), or null. */
  hidden: db.Hidden | null;
  /** The viewer's own answers here held for review (issue 41), with their HTML: only they see them. */
  heldAnswers: { _id: string; html: string }[];
}

/**
 * The question's page as a viewer opens it: ANSWERS_PER_PAGE answers in the page's order (the
 * accepted first), bodies within PAGE_BODIES_MAX_BYTES (issue 39 item 3). The page reads no
 * Markdown but the question's start (0078).
 */
export async function viewQuestionPage(
  ports: Ports,
  caller: Caller,
  { questionId, countView, query }: ViewInput & { query: QuestionPageQuery },
): Promise<Result<QuestionPage>> {
  const { sort, answer, comments, show } = query;
  const position = answer === null ? null : await db.answerPosition(ports.db, questionId, answer, sort);
  const page = position === null ? query.page : Math.ceil(position / ANSWERS_PER_PAGE);
  const found = await db.getQuestionWithHtml(ports.db, questionId, {
    sort,
    offset: (page - 1) * ANSWERS_PER_PAGE,
    limit: ANSWERS_PER_PAGE,
    comments: { question: COMMENTS_SHOWN, answer: COMMENTS_SHOWN },
    ...(comments === null ? {} : { expand: comments }),
  });
  if (!found || !visibleTo(caller, found.hidden, found.question.askedBy)) return fail('notFound', MSG.questionNotFound);
  const rendered: Record<string, string> = {};
  for (const [key, stored] of Object.entries(found.html))
    rendered[key] = stored ?? renderMarkdown(found.unrendered[key] ?? '');
  const { question } = found;
  const commentKeys = (list: { _id: string }[]) => list.map((c) => `c${c._id}`);
  const order = [
    'q',
    ...commentKeys(question.comments),
    ...question.answers.flatMap((a) => [`a${a._id}`, ...commentKeys(a.comments)]),
  ];
  const bodies = fitBodies(order, rendered, show);
  const viewer = countView ? await newViewer(ports, caller, questionId) : null;
  const held = caller.user ? await db.heldAnswersBy(ports.db, questionId, caller.user.userId) : [];
  const whole = viewer ? await db.getQuestion(ports.db, questionId) : null;
  if (whole) publishQuestion(ports, 'viewsUpdate', whole);
  return succeed({
    question: whole ? { ...question, viewCount: whole.viewCount, views: whole.views } : question,
    html: bodies.html,
    withheld: bodies.withheld,
    answerCount: found.answerCount,
    commentCounts: found.commentCounts,
    page,
    pages: Math.max(1, Math.ceil(found.answerCount / ANSWERS_PER_PAGE)),
    description: found.lead.replace(/\s+/g, ' ').slice(0, 160),
    reputations: found.reputations,
    moderators: found.moderators,
    hidden: found.hidden,
    heldAnswers: held.map((a) => ({ _id: a._id, html: a.html ?? renderMarkdown(a.text) })),
  });
}

/** A hidden question (issue 41) is read by its asker and moderators only. */
function visibleTo(caller: Caller, hidden: db.Hidden | null, askedBy: string | null): boolean {
  if (!hidden) return true;
  const viewer = caller.user;
  const author = Boolean(viewer && askedBy && viewer.username.toLowerCase() === askedBy.toLowerCase());
  return mayReadHidden({ author, moderator: isModerator(caller) });
}

/** The caller's username when this is a signed-in caller's first visit, now counted; else null. */
async function newViewer(ports: Ports, caller: Caller, questionId: number): Promise<string | null> {
  const viewer = caller.user;
  return viewer && (await db.recordView(ports.db, questionId, viewer.userId)) ? viewer.username : null;
}
