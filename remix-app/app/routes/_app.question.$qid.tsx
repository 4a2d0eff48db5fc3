/**
 * `/question/:qid` (SPEC §2): the question with votes, views, body, asker, comments and
 * answers with their comments. Server-rendered with title, description, canonical URL and
 * schema.org QAPage data (microdata, PostSchema.tsx) for crawlers; a signed-in viewer's first
 * visit counts a view (not when fetched as an image: openedAsPage), and the page watches this question's live events and patches itself from
 * them (also for visitors; components/live/question-deltas.ts). Answers: the accepted one first,
 * then by `?sort=` (score, newest, oldest), each with its own vote column; authors' names carry
 * their reputation. Its action takes the page's forms: votes on the question or an answer,
 * accept, comment, upvoting others' comments, and deleting one's own question, answer or comment. Under the title: asked,
 * modified and viewed; each post has a Share link. The answer box follows the answers (it posts
 * to `/new/answer/:qid`); the sidebar lists linked and related questions (closest in meaning).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import {
  acceptAnswer,
  addComment,
  admit,
  deleteAnswer,
  deleteComment,
  deleteQuestion,
  commentDraft,
  deletedPostsOn,
  editComment,
  flagPost,
  followsQuestion,
  linkedQuestions,
  mayUpvoteComments,
  relatedQuestions,
  undeletePost,
  upvotedComments,
  viewQuestionPage,
  voteComment,
  voteAnswer,
  voteQuestion,
} from '@fso/core';
import { mathText, mathTitles } from '@fso/markdown';
import {
  addFlagBodySchema,
  answerHref,
  ANSWER_SORTS,
  commentFormSchema,
  commentVoteFormSchema,
  counted,
  FLAG_MSG,
  MOD_MSG,
  MSG,
  parseId,
  parseWith,
  questionPageQuery,
  questionPageSearch,
  editCommentFormSchema,
  relativeTime,
  undeleteFormSchema,
} from '@fso/shared';
import type { DeletedPostView } from '@fso/core';
import { Pager } from '~/components/Pager.tsx';
import { ClosureNotices, noAnswersReason } from '~/components/moderation/ClosureNotices.tsx';
import { ModControls } from '~/components/moderation/ModControls.tsx';
import { moderationAction, moderationView } from '~/services/question-moderation.server.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { questionDeltas } from '~/components/live/question-deltas.ts';
import { useDeltas, useReloadAfterReconnect, useWatch } from '~/components/live/useLive.ts';
import { AnswerBox } from '~/components/qa/AnswerBox.tsx';
import { Attribution } from '~/components/qa/Attribution.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { CommentSection } from '~/components/qa/CommentSection.tsx';
import { PostActions } from '~/components/qa/PostActions.tsx';
import { OthersPostActions } from '~/components/qa/OthersPostActions.tsx';
import { DeletedNotice } from '~/components/qa/DeletedNotice.tsx';
import { DeletedPost } from '~/components/qa/DeletedPost.tsx';
import { PostBody } from '~/components/qa/PostBody.tsx';
import { HeldAnswers } from '~/components/qa/HeldAnswers.tsx';
import { PostSchema, SCHEMA_TYPE } from '~/components/qa/PostSchema.tsx';
import { QuestionHeader } from '~/components/qa/QuestionHeader.tsx';
import { MathText, withMath } from '~/components/MathText.tsx';
import { QuestionSidebar } from '~/components/qa/QuestionSidebar.tsx';
import { ShareLink } from '~/components/qa/ShareLink.tsx';
import { TagList } from '~/components/qa/TagList.tsx';
import { ToggleForm } from '~/components/mail/ToggleForm.tsx';
import { VoteButtons } from '~/components/qa/VoteButtons.tsx';
import { renderOnly, useRenderOnly } from '~/render-only.ts';
import { failureHeaders, failureResponse, statusOf } from '~/services/respond.server.ts';
import { refused, replied } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { openedAsPage, textError } from '~/services/http.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { callerOf, getSessionUser, requirePageUser } from '~/services/session.server.ts';

function questionId(raw: string | undefined): number {
  const id = parseId(raw);
  invariantResponse(id !== null, 404, MSG.questionNotFound);
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = questionId(params.qid);
  const viewer = await getSessionUser(request, context);
  const url = new URL(request.url);
  const query = questionPageQuery(url.searchParams);
  const editing = parseId(url.searchParams.get('editComment'));
  const [outcome, related, following, linked, deletedPosts, draft] = await Promise.all([
    viewQuestionPage(context.ports, callerOf(context, viewer), {
      questionId: id,
      countView: openedAsPage(request),
      query,
    }),
    relatedQuestions(context.ports, { questionId: id }),
    followsQuestion(context.ports, callerOf(context, viewer), { questionId: id }),
    linkedQuestions(context.ports, id),
    deletedPostsOn(context.ports, callerOf(context, viewer), { questionId: id }),
    editing === null ? null : commentDraft(context.ports, callerOf(context, viewer), { commentId: editing }),
  ]);
  // The asker's own deleted question, which only they see (and may undelete) for a while.
  const gone = deletedPosts.find((p) => p.kind === 'question');
  if (gone !== undefined && !outcome.ok && outcome.kind === 'notFound') return { gone: { ...gone }, now: Date.now() };
  invariantOk(outcome);
  const { question, html, withheld, answerCount, commentCounts, page, pages } = outcome.value;
  const { mod, canonical } = await moderationView(context, callerOf(context, viewer), question, url);
  const commentIds = [...question.comments, ...question.answers.flatMap((a) => a.comments)].map((c) => c._id);
  return {
    question,
    titleMath: withMath(question.title, mathText(question.title)),
    // In the document already: its hydration data need not carry the bodies a second time.
    html: renderOnly(context, 'question-bodies', html),
    withheld,
    answerCount,
    commentCounts,
    page,
    pages,
    expanded: query.comments,
    description: outcome.value.description,
    related,
    linked,
    // The sidebar's titles with TeX, rendered as math (issue 42 item 3).
    sidebarMath: mathTitles([...linked, ...related].map((q) => q.title)),
    viewer: viewer?.username ?? null,
    following,
    reputations: outcome.value.reputations,
    moderators: outcome.value.moderators,
    hidden: outcome.value.hidden,
    heldAnswers: outcome.value.heldAnswers,
    sort: query.sort,
    // A duplicate's canonical page is the question it duplicates.
    canonical,
    self: `${url.origin}/question/${id}`,
    mod,
    deletedAnswers: deletedPosts.filter((p) => p.kind === 'answer'),
    // The viewer's own comment being edited (`?editComment=`), while they may still edit it.
    editingComment: draft === null ? null : { id: String(editing), text: draft },
    // The page's comments the viewer upvoted, and whether they may upvote others' (issue 42).
    upvoted: await upvotedComments(context.ports, callerOf(context, viewer), { ids: commentIds }),
    mayUpvote: mayUpvoteComments(callerOf(context, viewer)),
    now: Date.now(),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = questionId(params.qid);
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  const moderated = await moderationAction(context, callerOf(context, actor), id, fields);
  if (moderated) return moderated;
  if (fields.intent === 'upvote' || fields.intent === 'downvote') {
    const value = fields.intent === 'upvote' ? 1 : -1;
    const outcome = fields.answer
      ? await voteAnswer(context.ports, callerOf(context, actor), { answerId: questionId(fields.answer), value })
      : await voteQuestion(context.ports, callerOf(context, actor), { questionId: id, value });
    const form = fields.answer ? `vote:answer:${fields.answer}` : 'vote:question';
    if (!outcome.ok && outcome.kind !== 'forbidden') throw failureResponse(outcome);
    return outcome.ok ? replied(form) : refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  if (fields.intent === 'accept') {
    const outcome = await acceptAnswer(context.ports, callerOf(context, actor), {
      questionId: id,
      answerId: questionId(fields.answer),
    });
    invariantOk(outcome);
    return replied(`accept:${fields.answer ?? ''}`);
  }
  if (fields.intent === 'deleteQuestion') {
    const outcome = await deleteQuestion(context.ports, callerOf(context, actor), { questionId: id });
    if (!outcome.ok) return refused('delete:question', outcome.message, statusOf(outcome));
    return redirect(`/home?notice=question-deleted&post=${id}`);
  }
  if (fields.intent === 'deleteAnswer' || fields.intent === 'deleteComment') {
    const form =
      fields.intent === 'deleteAnswer'
        ? `delete:answer:${fields.answer ?? ''}`
        : `delete:comment:${fields.comment ?? ''}`;
    const outcome =
      fields.intent === 'deleteAnswer'
        ? await deleteAnswer(context.ports, callerOf(context, actor), { answerId: questionId(fields.answer) })
        : await deleteComment(context.ports, callerOf(context, actor), { commentId: questionId(fields.comment) });
    if (!outcome.ok && outcome.kind !== 'forbidden') throw failureResponse(outcome);
    if (outcome.ok && fields.intent === 'deleteAnswer') return redirect(`/question/${id}?notice=answer-deleted`);
    return outcome.ok ? replied(form) : refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  if (fields.intent === 'editComment') {
    const form = `editComment:${fields.comment ?? ''}`;
    const parsed = parseWith(editCommentFormSchema, fields);
    if (!parsed.ok) return refused(form, parsed.message);
    const outcome = await editComment(context.ports, callerOf(context, actor), {
      commentId: parsed.value.comment,
      text: parsed.value.text,
    });
    if (!outcome.ok) return refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
    return redirect(`/question/${id}#comment-${outcome.value.cid}`);
  }
  if (fields.intent === 'upvoteComment') {
    const form = `upvote:comment:${fields.comment ?? ''}`;
    const parsed = parseWith(commentVoteFormSchema, fields);
    if (!parsed.ok) return refused(form, parsed.message);
    const outcome = await voteComment(context.ports, callerOf(context, actor), {
      commentId: parsed.value.comment,
      upvote: parsed.value.upvote === 'on',
    });
    if (!outcome.ok) return refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
    return replied(form);
  }
  if (fields.intent === 'undelete') {
    const form = `undelete:${fields.kind ?? ''}:${fields.post ?? ''}`;
    const parsed = parseWith(undeleteFormSchema, fields);
    if (!parsed.ok) return refused(form, parsed.message);
    const { kind, post } = parsed.value;
    const outcome = await undeletePost(context.ports, callerOf(context, actor), { kind, id: post });
    if (!outcome.ok) return refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
    const at = kind === 'answer' ? `&answer=${post}#answer-${post}` : '';
    return redirect(`/question/${outcome.value.qid}?notice=${kind}-undeleted${at}`);
  }
  if (fields.intent === 'flag') {
    const form = `flag:${fields.type ?? ''}:${fields.id ?? ''}`;
    const admitted = await admit(context.ports, callerOf(context, actor), 'flag');
    if (!admitted.ok) return refused(form, admitted.message, statusOf(admitted), failureHeaders(admitted));
    const parsed = parseWith(addFlagBodySchema, fields);
    if (!parsed.ok) return refused(form, parsed.message);
    const outcome = await flagPost(context.ports, admitted.value, parsed.value);
    // The flag hid the question itself: this page is gone for the flagger too.
    if (outcome.ok && outcome.value.hidden && parsed.value.type === 'question') return redirect('/home');
    return outcome.ok
      ? replied(form, outcome.value.message)
      : refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  if (fields.intent === 'comment') {
    const type = fields.type === 'answer' ? 'answer' : 'question';
    const form = `comment:${type}:${fields.id ?? ''}`;
    const admitted = await admit(context.ports, callerOf(context, actor), 'comment');
    if (!admitted.ok) return refused(form, admitted.message, statusOf(admitted), failureHeaders(admitted));
    const parsed = parseWith(commentFormSchema, fields);
    if (!parsed.ok) return refused(form, parsed.message);
    const outcome = await addComment(context.ports, admitted.value, {
      type,
      id: type === 'question' ? id : questionId(fields.id),
      text: parsed.value.text,
    });
    return outcome.ok ? replied(form) : refused(form, outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  throw textError(400, 'Unknown action.');
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function QuestionRoute() {
  const loaded = useLoaderData<typeof loader>();
  if ('gone' in loaded && loaded.gone) return <DeletedQuestion post={loaded.gone} now={loaded.now} />;
  return <QuestionPage loaded={loaded} />;
}

/** The asker's own deleted question: only they reach it, greyed, with Undelete. */
function DeletedQuestion({ post, now }: { post: DeletedPostView; now: number }) {
  const posted = useActionData<ActionReply>();
  return (
    <article className="question-page">
      <DeletedNotice />
      <div className="page-heading">
        <h1>{post.title}</h1>
      </div>
      <DeletedPost post={post} now={now} error={replyError(posted)} />
    </article>
  );
}

function QuestionPage({ loaded }: { loaded: Exclude<Loaded, { gone: unknown }> }) {
  const { related, linked, viewer, reputations, moderators, sort, now, self, mod } = loaded;
  const bodies = useRenderOnly('question-bodies', loaded.html) ?? {};
  const { page, pages, commentCounts, expanded } = loaded;
  const initial = useMemo(
    () => ({ question: loaded.question, html: bodies, answerCount: loaded.answerCount, deleted: false }),
    [loaded],
  );
  const deltas = useMemo(() => questionDeltas(loaded.question._id, sort, page), [loaded.question._id, sort, page]);
  const { question: q, html, answerCount, deleted } = useDeltas(initial, deltas);
  useWatch({ question: q._id });
  useReloadAfterReconnect();
  const { pathname } = useLocation();
  const posted = useActionData<ActionReply>();
  const errorFor = (form: string) => replyError(posted, form);
  const mine = (author: string | null) => Boolean(viewer && author && viewer.toLowerCase() === author.toLowerCase());
  const isAsker = mine(q.askedBy);
  const noAnswers = noAnswersReason(q);
  // Everybody on the page, for the comment boxes' @name completion: the asker, the answerers, the commenters.
  const thread = [q.askedBy, ...q.answers.map((a) => a.ansBy), ...q.comments.map((c) => c.commentBy)]
    .concat(q.answers.flatMap((a) => a.comments.map((c) => c.commentBy)))
    .filter((p): p is string => Boolean(p));
  const rep = (user: string | null) => (user ? reputations[user] : undefined);
  const diamond = (user: string | null) => Boolean(user && moderators.includes(user));
  // This page's links: another page of answers, a body left out for size, a post's other comments (issue 39 item 3).
  const pageHref = (n: number, more?: Record<string, string>) => `${pathname}${questionPageSearch(sort, n, more)}`;
  const withheld = new Set(loaded.withheld);
  const withheldHref = (key: string) => (withheld.has(key) ? pageHref(page, { show: key }) + anchor(key) : null);
  const loadedComments = new Map([
    ['q', loaded.question.comments.length],
    ...loaded.question.answers.map((a) => [`a${a._id}`, a.comments.length] as const),
  ]);
  const moreComments = (key: string) => {
    const hidden = (commentCounts[key] ?? 0) - (loadedComments.get(key) ?? 0);
    return hidden > 0 && expanded !== key
      ? { count: hidden, href: pageHref(page, { comments: key }) + anchor(key) }
      : null;
  };
  // What every comment section on the page shares; each adds its post.
  const threadProps = {
    moderators,
    html,
    withheldHref,
    now,
    viewer,
    reply: posted,
    editing: loaded.editingComment,
    upvoted: loaded.upvoted,
    mayUpvote: loaded.mayUpvote,
    closedFor: q.locked ? MOD_MSG.questionLocked : null,
    thread,
  };

  return (
    <article className="question-page" itemScope itemType={SCHEMA_TYPE.page}>
      <DeletedNotice />
      {deleted ? (
        <p className="form-error" role="alert">
          {MSG.questionDeletedLive}
        </p>
      ) : null}
      {loaded.hidden ? (
        <p className="notice" role="status">
          {loaded.hidden === 'held' ? FLAG_MSG.heldNotice : FLAG_MSG.hiddenNotice}
        </p>
      ) : null}
      <ClosureNotices question={q} />
      <div itemProp="mainEntity" itemScope itemType={SCHEMA_TYPE.question}>
        <div className="page-heading">
          <h1 itemProp="name">
            <MathText text={q.title} math={loaded.titleMath} />
          </h1>
          <Link className="button primary" to="/new/question">
            Ask a Question
          </Link>
        </div>
        <QuestionHeader asked={q.askDateTime} modified={q.lastActivity} views={q.viewCount} now={now} />
        <div className="post">
          <VoteButtons
            upVotes={q.upVotes}
            downVotes={q.downVotes}
            score={q.score}
            viewer={viewer}
            own={isAsker}
            serverError={errorFor('vote:question')}
          />
          <div className="post-main">
            <PostBody html={html.q ?? ''} itemProp="text" withheldHref={withheldHref('q')} />
            <PostSchema score={q.score} date={q.askDateTime} author={q.askedBy} />
            <TagList tags={q.tags} />
            <p className="question-byline">
              <Byline
                user={q.askedBy}
                verb="asked"
                date={q.askDateTime}
                now={now}
                reputation={rep(q.askedBy)}
                moderator={diamond(q.askedBy)}
                avatar
              />
              <Edited editedAt={q.editedAt} href={`/revisions/question/${q._id}`} now={now} />
            </p>
            <div className="post-menu">
              <ShareLink href={`/question/${q._id}`} what="question" />
              {viewer ? (
                <ToggleForm
                  action={`/question/${q._id}/follow`}
                  on={loaded.following}
                  label={{ on: 'Following', off: 'Follow' }}
                />
              ) : null}
            </div>
            {mod.mayClose ? (
              <ModControls
                question={q}
                moderator={mod.moderator}
                closing={mod.closing}
                suggestions={mod.suggestions}
                error={errorFor('moderate')}
              />
            ) : null}
            <Attribution source={q.source} />
            {isAsker ? <PostActions kind="question" id={q._id} error={errorFor('delete:question')} /> : null}
            {viewer && !isAsker ? <OthersPostActions kind="question" id={q._id} reply={posted} /> : null}
            <CommentSection
              {...threadProps}
              type="question"
              parentId={q._id}
              comments={q.comments}
              more={moreComments('q')}
              serverError={errorFor(`comment:question:${q._id}`)}
            />
          </div>
        </div>

        <div className="answers-heading">
          <h2>{counted(answerCount, 'Answer')}</h2>
          <meta itemProp="answerCount" content={String(answerCount)} />
          <nav className="answer-sort" aria-label="Sort answers">
            Sorted by:{' '}
            {ANSWER_SORTS.map((s) => (
              // `?sort=` resolved as the router would (this path, trailing slash and all): a link from the root is written directly (0062).
              <Link
                key={s}
                to={`${pathname}?sort=${s}`}
                replace
                preventScrollReset
                aria-current={s === sort ? 'true' : undefined}
              >
                {s}
              </Link>
            ))}
          </nav>
        </div>
        <ol className="answer-list">
          {q.answers.map((a) => {
            const accepted = a._id === q.acceptedAnswer;
            return (
              <li
                key={a._id}
                className={accepted ? 'answer post accepted' : 'answer post'}
                id={`answer-${a._id}`}
                itemProp={accepted ? 'acceptedAnswer' : 'suggestedAnswer'}
                itemScope
                itemType={SCHEMA_TYPE.answer}
              >
                <div className="answer-side">
                  <VoteButtons
                    upVotes={a.upVotes}
                    downVotes={a.downVotes}
                    score={a.score}
                    viewer={viewer}
                    answerId={a._id}
                    own={mine(a.ansBy)}
                    serverError={errorFor(`vote:answer:${a._id}`)}
                  />
                  {isAsker ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="answer" value={a._id} />
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        className={accepted ? 'accept-mark on' : 'accept-mark'}
                        aria-pressed={accepted}
                        aria-label={accepted ? 'Unaccept this answer' : 'Accept this answer'}
                      >
                        ✓
                      </button>
                    </Form>
                  ) : accepted ? (
                    <span className="accept-mark on" role="img" aria-label="Accepted answer">
                      ✓
                    </span>
                  ) : null}
                </div>
                <div className="post-main">
                  <PostBody html={html[`a${a._id}`] ?? ''} itemProp="text" withheldHref={withheldHref(`a${a._id}`)} />
                  <PostSchema score={a.score} date={a.ansDateTime} author={a.ansBy} url={`${self}#answer-${a._id}`} />
                  <Byline
                    user={a.ansBy}
                    verb="answered"
                    date={a.ansDateTime}
                    now={now}
                    reputation={rep(a.ansBy)}
                    moderator={diamond(a.ansBy)}
                    avatar
                  />
                  <Edited editedAt={a.editedAt} href={`/revisions/answer/${a._id}`} now={now} />
                  <ShareLink href={answerHref(q._id, a._id)} what="answer" />
                  <Attribution source={a.source} />
                  {mine(a.ansBy) ? (
                    <PostActions kind="answer" id={a._id} error={errorFor(`delete:answer:${a._id}`)} />
                  ) : viewer ? (
                    <OthersPostActions kind="answer" id={a._id} reply={posted} />
                  ) : null}
                  <CommentSection
                    {...threadProps}
                    type="answer"
                    parentId={a._id}
                    comments={a.comments}
                    more={moreComments(`a${a._id}`)}
                    serverError={errorFor(`comment:answer:${a._id}`)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        {loaded.deletedAnswers.length ? (
          <ol className="answer-list" id="your-deleted-answers" aria-label="Your deleted answers">
            {loaded.deletedAnswers.map((a) => (
              <li key={a.id} className="answer" id={`answer-${a.id}`}>
                <DeletedPost post={a} now={now} error={errorFor(`undelete:answer:${a.id}`)} />
              </li>
            ))}
          </ol>
        ) : null}
        <Pager page={page} pages={pages} href={pageHref} numbered />
      </div>
      <HeldAnswers answers={loaded.heldAnswers} />
      {noAnswers ? (
        <p className="notice no-answers" data-testid="no-answers">
          {noAnswers}
        </p>
      ) : (
        <>
          <Link className="button primary" to={`/new/answer/${q._id}`}>
            Answer Question
          </Link>
          <AnswerBox qid={q._id} viewer={viewer} />
        </>
      )}
      <QuestionSidebar linked={linked} related={related} math={loaded.sidebarMath} />
    </article>
  );
}

/** The fragment of a body's element on the page (`q`: the top). */
function anchor(key: string): string {
  const kind = { a: 'answer', c: 'comment' }[key[0] ?? ''];
  return kind ? `#${kind}-${key.slice(1)}` : '';
}

/** " · edited 3 minutes ago", linking to the post's revisions; nothing for a post never edited. */
function Edited({ editedAt, href, now }: { editedAt: string | null; href: string; now: number }) {
  if (!editedAt) return null;
  return (
    <>
      {' · '}
      <Link to={href} className="edited-link">
        edited{' '}
        <time dateTime={editedAt} suppressHydrationWarning>
          {relativeTime(new Date(editedAt), new Date(now))}
        </time>
      </Link>
    </>
  );
}

/** The head: the question's title, the start of its text as the description, and its canonical URL (its QAPage data is in the body). */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Question not found — Fake Stack Overflow' }];
  if ('gone' in data && data.gone)
    return [{ title: `${data.gone.title} (deleted) — Fake Stack Overflow` }, { name: 'robots', content: 'noindex' }];
  return [
    { title: `${data.question.title} — Fake Stack Overflow` },
    { name: 'description', content: data.description },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
  ];
};

export const ErrorBoundary = routeErrorBoundary({ missing: MSG.questionNotFound, failed: MSG.questionFetchError });
