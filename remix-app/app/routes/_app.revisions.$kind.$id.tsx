/**
 * `/revisions/question/:id` and `/revisions/answer/:id` — a post's edit history, newest first:
 * for each edit who made it and when, and a word diff of title, tags and text from the version
 * before to the version after. Server-rendered (the diff is computed in the loader), public
 * like the question page.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadQuestion, questionOfAnswer, revisions } from '@fso/core';
import { MSG, type Revision } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { requireId } from '~/services/http.server.ts';
import { wordDiff, type DiffPart } from '~/services/word-diff.ts';

type Version = Pick<Revision, 'title' | 'tags' | 'text'>;

export async function loader({ context, params }: LoaderFunctionArgs) {
  const kind = params.kind === 'answer' ? 'answer' : params.kind === 'question' ? 'question' : null;
  if (!kind) throw new Response(MSG.questionNotFound, { status: 404 });
  const id = requireId(params.id);
  const qid =
    kind === 'question'
      ? id
      : await questionOfAnswer(context.ports, id).then((found) => (found.ok ? found.value : null));
  const [history, question] = await Promise.all([
    revisions(context.ports, kind, id),
    qid === null ? null : loadQuestion(context.ports, qid),
  ]);
  if (!history.ok || !question?.ok)
    throw new Response(kind === 'question' ? MSG.questionNotFound : MSG.answerNotFound, { status: 404 });
  const q = question.value;
  const answer = q.answers.find((a) => a._id === String(id));
  const current: Version =
    kind === 'question'
      ? { title: q.title, tags: q.tags.map((t) => t.name), text: q.text }
      : { text: answer?.text ?? '' };
  const diff = (before: string | undefined, after: string | undefined) =>
    before === undefined || after === undefined ? null : wordDiff(before, after);
  const edits = history.value.map((old, i) => {
    const after: Version = i === 0 ? current : (history.value[i - 1] ?? current);
    return {
      _id: old._id,
      editedBy: old.editedBy,
      editedAt: old.editedAt,
      title: diff(old.title, after.title),
      tags: diff(old.tags?.join(' '), after.tags?.join(' ')),
      text: diff(old.text, after.text),
    };
  });
  return { kind, qid: q._id, title: q.title, edits, now: Date.now() };
}

function Diff({ label, parts }: { label: string; parts: DiffPart[] | null }) {
  if (!parts || parts.every((p) => p.kind === 'same')) return null;
  return (
    <div className="diff">
      <h3>{label}</h3>
      <p className="diff-text">
        {parts.map((p, i) =>
          p.kind === 'added' ? (
            <ins key={i}>{p.text}</ins>
          ) : p.kind === 'removed' ? (
            <del key={i}>{p.text}</del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
    </div>
  );
}

export default function RevisionsPage() {
  const { kind, qid, title, edits, now } = useLoaderData<typeof loader>();
  return (
    <section className="revisions-page">
      <h1>Revisions</h1>
      <p>
        Of the {kind} {kind === 'answer' ? 'to ' : ''}
        <Link to={`/question/${qid}`}>{title}</Link>
      </p>
      {edits.length === 0 ? <p className="empty">This {kind} has not been edited.</p> : null}
      <ol className="revision-list">
        {edits.map((e) => (
          <li key={e._id} className="revision">
            <p>
              <Byline user={e.editedBy} verb="edited" date={e.editedAt} now={now} />
            </p>
            <Diff label="Title" parts={e.title} />
            <Diff label="Tags" parts={e.tags} />
            <Diff label="Text" parts={e.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Revisions of ${data.title} — Fake Stack Overflow` : 'Revisions — Fake Stack Overflow' },
];

export const ErrorBoundary = routeErrorBoundary({ failed: MSG.questionFetchError });
