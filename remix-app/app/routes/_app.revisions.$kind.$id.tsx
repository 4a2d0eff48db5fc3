/**
 * `/revisions/question/:id` and `/revisions/answer/:id` — a post's edit history, newest first,
 * 20 edits a page (`?page=`): each numbered with the original as revision 1 (shown last, on the
 * last page), with who made it and when, its summary, and a word diff of title, tags
 * and text from the version before to the version after. Each diff is computed once and stored
 * (core's revisions.ts); the route is rate-limited like every read that costs. Public, like the
 * question page; server-rendered, so it works without JavaScript.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { revisionHistory } from '@fso/core';
import { MSG } from '@fso/shared';
import { Pager } from '~/components/Pager.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { Diff } from '~/components/qa/Diff.tsx';
import { pageNumber, requireId } from '~/services/http.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { callerOf, getSessionUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = params.kind === 'answer' ? 'answer' : params.kind === 'question' ? 'question' : null;
  invariantResponse(kind, 404, MSG.questionNotFound);
  const id = requireId(params.id);
  const page = pageNumber(new URL(request.url));
  const viewer = await getSessionUser(request, context);
  const outcome = await revisionHistory(context.ports, callerOf(context, viewer), { post: kind, id, page });
  invariantOk(outcome);
  return { ...outcome.value, kind, id, page, now: Date.now() };
}

/** A field of the original version, as written. */
function Version({ label, text }: { label: string; text: string }) {
  return (
    <div className="diff">
      <h3>{label}</h3>
      <p className="diff-text">{text}</p>
    </div>
  );
}

export default function RevisionsPage() {
  const { kind, id, qid, title, edits, total, page, pages, now, original } = useLoaderData<typeof loader>();
  return (
    <section className="revisions-page">
      <h1>Revisions</h1>
      <p>
        Of the {kind} {kind === 'answer' ? 'to ' : ''}
        <Link to={`/question/${qid}`}>{title}</Link>
        {total > 0 ? ` · ${total.toLocaleString('en')} ${total === 1 ? 'edit' : 'edits'}` : null}
      </p>
      {total === 0 ? <p className="empty">This {kind} has not been edited.</p> : null}
      <ol className="revision-list">
        {edits.map((e) => (
          <li key={e._id} className="revision" aria-labelledby={`revision-${e.number}`}>
            <h2 id={`revision-${e.number}`}>Revision {e.number}</h2>
            {e.summary ? <p className="revision-summary">{e.summary}</p> : null}
            <p>
              <Byline user={e.editedBy} verb="edited" date={e.editedAt} now={now} />
            </p>
            <Diff label="Title" parts={e.diff.title} />
            <Diff label="Tags" parts={e.diff.tags} />
            <Diff label="Text" parts={e.diff.text} />
          </li>
        ))}
        {original ? (
          <li className="revision" aria-labelledby="revision-1">
            <h2 id="revision-1">Revision 1</h2>
            <p className="revision-summary">Original</p>
            <p>
              <Byline
                user={original.by}
                verb={kind === 'question' ? 'asked' : 'answered'}
                date={original.at}
                now={now}
              />
            </p>
            {original.version.title !== undefined ? <Version label="Title" text={original.version.title} /> : null}
            {original.version.tags ? <Version label="Tags" text={original.version.tags.join(' ')} /> : null}
            <Version label="Text" text={original.version.text} />
          </li>
        ) : null}
      </ol>
      {total > 0 ? (
        <Pager page={page} pages={pages} href={(n) => `/revisions/${kind}/${id}${n > 1 ? `?page=${n}` : ''}`} />
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Revisions of ${data.title} — Fake Stack Overflow` : 'Revisions — Fake Stack Overflow' },
];

export const ErrorBoundary = routeErrorBoundary({ failed: MSG.questionFetchError });
