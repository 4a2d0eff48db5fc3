/**
 * `/tags/:name` — a tag's page, as Stack Overflow's tag info: its excerpt and wiki, how many
 * questions it has (a link to them), Watch and Ignore buttons for a signed-in reader, and, for
 * those with the privilege, the wiki's edit form (`?edit`). Plain forms: the same without
 * JavaScript.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { editTagWiki, ignoreTag, tagPage } from '@fso/core';
import { counted, fieldErrors, MSG, TAG_EXCERPT_MAX, TAG_MSG, TAG_WIKI_MAX, tagWikiSchema } from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError, FormSuccess } from '~/components/FormError.tsx';
import { ToggleForm } from '~/components/mail/ToggleForm.tsx';
import { PostBody } from '~/components/qa/PostBody.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { failureHeaders, failureResponse, statusOf } from '~/services/respond.server.ts';
import { callerOf, getSessionUser, requirePageUser } from '~/services/session.server.ts';

const hasName = (names: string[], name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const reader = await getSessionUser(request, context);
  const page = await tagPage(context.ports, callerOf(context, reader), { name: params.name ?? '' });
  if (!page.ok) throw failureResponse(page);
  const url = new URL(request.url);
  const { tag, marks, mayEdit } = page.value;
  return {
    tag,
    signedIn: reader !== null,
    watching: hasName(marks.watched, tag.name),
    ignoring: hasName(marks.ignored, tag.name),
    mayEdit,
    editing: url.searchParams.has('edit') && mayEdit,
    saved: url.searchParams.get('saved') === '1',
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const caller = callerOf(context, actor);
  const fields = await formFields(request);
  const name = params.name ?? '';
  if (fields.intent === 'ignore') {
    const outcome = await ignoreTag(context.ports, caller, { name, ignore: fields.on === '1' });
    if (!outcome.ok) return refused('ignore', outcome.message, statusOf(outcome), failureHeaders(outcome));
    return redirect(`/tags/${encodeURIComponent(outcome.value.name)}`);
  }
  const parsed = fieldErrors(tagWikiSchema, { ...fields, name });
  if (!parsed.ok) return refused('wiki', parsed.message);
  const outcome = await editTagWiki(context.ports, caller, parsed.value);
  if (!outcome.ok) return refused('wiki', outcome.message, statusOf(outcome), failureHeaders(outcome));
  return redirect(`/tags/${encodeURIComponent(outcome.value.name)}?saved=1`);
}

function WikiForm({ excerpt, wiki, error }: { excerpt: string; wiki: string; error: string | null }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="tag-wiki-form">
      <input type="hidden" name="intent" value="wiki" />
      <label htmlFor="tag-excerpt">Excerpt</label>
      <p className="hint" id="tag-excerpt-hint">
        One or two sentences shown on the tags list; plain text, at most {TAG_EXCERPT_MAX} characters.
      </p>
      <textarea
        id="tag-excerpt"
        name="excerpt"
        rows={3}
        maxLength={TAG_EXCERPT_MAX}
        defaultValue={excerpt}
        aria-describedby="tag-excerpt-hint"
      />
      <label htmlFor="tag-wiki">Wiki</label>
      <p className="hint" id="tag-wiki-hint">
        What the tag is for and how to ask well about it; Markdown, at most {TAG_WIKI_MAX.toLocaleString('en-US')}{' '}
        characters.
      </p>
      <textarea
        id="tag-wiki"
        name="wiki"
        rows={12}
        maxLength={TAG_WIKI_MAX}
        defaultValue={wiki}
        aria-describedby="tag-wiki-hint"
      />
      <FormError message={error} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          Save tag info
        </button>
        <Link to=".">Cancel</Link>
      </div>
    </Form>
  );
}

export default function TagPage() {
  const { tag, signedIn, watching, ignoring, mayEdit, editing, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  const questions = `/home?tag=${encodeURIComponent(tag.name)}`;
  return (
    <section className="tag-page">
      <div className="page-heading">
        <h1>
          <span className="visually-hidden">Tag </span>
          <span className="tag tag-heading">{tag.name}</span>
        </h1>
        {signedIn ? (
          <div className="tag-marks">
            <ToggleForm
              action={`/tag/${encodeURIComponent(tag.name)}/watch`}
              on={watching}
              label={{ on: 'Watching', off: 'Watch tag' }}
            />
            <Form method="post" className="toggle-form">
              <input type="hidden" name="intent" value="ignore" />
              <input type="hidden" name="on" value={ignoring ? '0' : '1'} />
              <button type="submit" aria-pressed={ignoring} className={ignoring ? 'toggle on' : 'toggle'}>
                {ignoring ? 'Ignoring' : 'Ignore tag'}
              </button>
            </Form>
          </div>
        ) : null}
      </div>
      <FormError message={replyError(reply, 'ignore')} />
      <p>
        <Link to={questions}>{counted(tag.qcnt, 'question')} tagged</Link>
      </p>
      {saved ? <FormSuccess message={TAG_MSG.wikiSaved} /> : null}
      {editing ? (
        <WikiForm excerpt={tag.description} wiki={tag.wiki} error={replyError(reply, 'wiki')} />
      ) : (
        <>
          <p className="tag-excerpt">{tag.description || <span className="muted">No excerpt yet.</span>}</p>
          {tag.wikiHtml ? <PostBody html={tag.wikiHtml} /> : <p className="muted">This tag has no wiki yet.</p>}
          <p className="muted tag-wiki-meta">
            {tag.wikiEditedBy && tag.wikiEditedAt ? (
              <>
                Edited by <Link to={`/user/${encodeURIComponent(tag.wikiEditedBy)}`}>{tag.wikiEditedBy}</Link> on{' '}
                <time dateTime={tag.wikiEditedAt}>{tag.wikiEditedAt.slice(0, 10)}</time>.{' '}
              </>
            ) : null}
            {mayEdit ? <Link to="?edit">Edit tag info</Link> : signedIn ? TAG_MSG.wikiPrivilege : null}
          </p>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `[${data.tag.name}]` : 'Tag'} — Fake Stack Overflow` },
  { name: 'description', content: data?.tag.description || `Questions tagged ${data?.tag.name ?? ''}.` },
];

export const ErrorBoundary = routeErrorBoundary({ missing: MSG.tagNotFound });
