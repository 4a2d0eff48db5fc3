/**
 * `/question/:qid` (SPEC §2): the question with votes, views, body, asker, comments and
 * answers with their comments. Server-rendered with title, description, canonical URL and
 * schema.org QAPage data for crawlers; a signed-in viewer's first visit counts a view, and
 * the page follows answerUpdate/commentUpdate/voteUpdate/viewsUpdate for this question.
 * Its action takes the page's forms: upvote, downvote and comment.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { commentFormSchema, counted, idSchema, MSG, parseWith } from '@fso/shared';
import { useLiveReload } from '~/components/live.ts';
import { Attribution } from '~/components/qa/Attribution.tsx';
import { RouteError } from '~/components/RouteError.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { CommentSection } from '~/components/qa/CommentSection.tsx';
import { PostBody } from '~/components/qa/PostBody.tsx';
import { TagList } from '~/components/qa/TagList.tsx';
import { VoteButtons } from '~/components/qa/VoteButtons.tsx';
import { formFields } from '~/services/forms.server.ts';
import { addComment, bodiesHtml, viewQuestion, vote } from '~/services/questions.server.ts';
import { getSessionUser, requirePageUser } from '~/services/session.server.ts';

function questionId(raw: string | undefined): number {
  const parsed = parseWith(idSchema, raw);
  if (!parsed.ok) throw new Response(MSG.questionNotFound, { status: 404 });
  return Number(parsed.data);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = questionId(params.qid);
  const viewer = await getSessionUser(request, context);
  const outcome = await viewQuestion(context, viewer, id);
  if (!outcome.ok) throw new Response(outcome.error, { status: outcome.status });
  const url = new URL(request.url);
  return { question: outcome.value.question, html: bodiesHtml(outcome.value.question, outcome.value.html), viewer: viewer?.username ?? null, canonical: `${url.origin}/question/${id}`, now: Date.now() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = questionId(params.qid);
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  if (fields.intent === 'upvote' || fields.intent === 'downvote') {
    const outcome = await vote(context, actor, id, fields.intent === 'upvote' ? 1 : -1);
    if (!outcome.ok) throw new Response(outcome.error, { status: outcome.status });
    return { error: null, target: null };
  }
  if (fields.intent === 'comment') {
    const type = fields.type === 'answer' ? 'answer' : 'question';
    const target = `${type}:${fields.id ?? ''}`;
    const parsed = parseWith(commentFormSchema, fields);
    if (!parsed.ok) return { error: parsed.error, target };
    const outcome = await addComment(context, actor, { type, id: type === 'question' ? id : questionId(fields.id), text: parsed.data.text });
    if (!outcome.ok) return { error: outcome.error, target };
    return { error: null, target };
  }
  throw new Response('Unknown action.', { status: 400 });
}

export default function QuestionPage() {
  const { question: q, html, viewer, now } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const errorFor = (target: string) => (posted?.target === target ? posted.error : null);
  useLiveReload(['answerUpdate', 'commentUpdate', 'voteUpdate', 'viewsUpdate'], (_event, payload) => {
    const p = payload as { qid?: string; _id?: string; result?: { _id: string; qid?: string } };
    return (p.qid ?? p.result?.qid ?? p.result?._id ?? p._id) === q._id;
  });

  return (
    <article className="question-page">
      <div className="page-heading">
        <h1>{q.title}</h1>
        <Link className="button primary" to="/new/question">
          Ask a Question
        </Link>
      </div>
      <p className="question-meta muted">
        <span id="answer-count">{counted(q.answers.length, 'answer')}</span> · <span id="view-count">{counted(q.viewCount, 'view')}</span> ·{' '}
        <Byline user={q.askedBy} verb="asked" date={q.askDateTime} now={now} />
      </p>
      <div className="post">
        <VoteButtons upVotes={q.upVotes} downVotes={q.downVotes} score={q.score} viewer={viewer} />
        <div className="post-main">
          <PostBody html={html.q ?? ''} />
          <TagList tags={q.tags} />
          <Attribution source={q.source} />
          <CommentSection type="question" parentId={q._id} comments={q.comments} html={html} now={now} serverError={errorFor(`question:${q._id}`)} />
        </div>
      </div>

      <h2 className="answers-heading">{counted(q.answers.length, 'Answer')}</h2>
      <ol className="answer-list">
        {q.answers.map((a) => (
          <li key={a._id} className="answer post" id={`answer-${a._id}`}>
            <div className="post-main">
              <PostBody html={html[`a${a._id}`] ?? ''} />
              <Byline user={a.ansBy} verb="answered" date={a.ansDateTime} now={now} />
              <Attribution source={a.source} />
              <CommentSection type="answer" parentId={a._id} comments={a.comments} html={html} now={now} serverError={errorFor(`answer:${a._id}`)} />
            </div>
          </li>
        ))}
      </ol>
      <Link className="button primary" to={`/new/answer/${q._id}`}>
        Answer Question
      </Link>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <RouteError missing={MSG.questionNotFound} failed={MSG.questionFetchError}>
      <Link to="/home">Back to all questions</Link>
    </RouteError>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Question not found — Fake Stack Overflow' }];
  const q = data.question;
  const description = q.text.replace(/\s+/g, ' ').slice(0, 160);
  const person = (name: string | null) => ({ '@type': 'Person', name: name ?? 'deleted user' });
  return [
    { title: `${q.title} — Fake Stack Overflow` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        mainEntity: {
          '@type': 'Question',
          name: q.title,
          text: q.text,
          answerCount: q.answers.length,
          upvoteCount: q.upVotes.length - q.downVotes.length,
          dateCreated: q.askDateTime,
          author: person(q.askedBy),
          suggestedAnswer: q.answers.map((a) => ({ '@type': 'Answer', text: a.text, dateCreated: a.ansDateTime, author: person(a.ansBy), url: `${data.canonical}#answer-${a._id}` })),
        },
      },
    },
  ];
};
