/**
 * `/edit/question/:qid` — the asker edits title, text and tags with the ask form's rules, and may
 * say what the edit does (its summary); the old version is kept as a revision. Others get 403, a missing question 404. Without JavaScript
 * the form's Preview button shows the rendering and saves nothing.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { admit, editQuestion, loadQuestion } from '@fso/core';
import { editQuestionFormSchema, fieldErrors, MSG, questionTextSchema } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { EDIT_SUMMARY_FIELD, PostForm } from '~/components/qa/PostForm.tsx';
import { statusOf } from '~/services/respond.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { requireId } from '~/services/http.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const outcome = await loadQuestion(context.ports, requireId(params.qid));
  if (!outcome.ok) throw new Response(outcome.message, { status: statusOf(outcome) });
  const q = outcome.value;
  if (q.askedBy?.toLowerCase() !== actor.username.toLowerCase()) throw new Response(MSG.notYourPost, { status: 403 });
  return { qid: q._id, initial: { title: q.title, text: q.text, tags: q.tags.map((t) => t.name).join(' ') } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const id = requireId(params.qid);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, questionTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return { errors: { form: admitted.message }, values };
  const parsed = fieldErrors(editQuestionFormSchema, values);
  if (!parsed.ok) return { errors: parsed.errors, values };
  const outcome = await editQuestion(context.ports, admitted.value, { questionId: id, ...parsed.value });
  if (!outcome.ok) return { errors: { form: outcome.message }, values };
  return redirect(`/question/${id}`);
}

export default function EditQuestionPage() {
  const { qid, initial } = useLoaderData<typeof loader>();
  return (
    <section className="new-post">
      <h1>Edit Question</h1>
      <PostForm
        schema={editQuestionFormSchema}
        submit="Save Edits"
        initial={initial}
        fields={[
          { name: 'title', label: 'Question Title', hint: 'Limit title to 100 characters or less', maxLength: 100 },
          { name: 'text', label: 'Question Text', hint: 'Markdown; links as [label](https://…)', multiline: true },
          { name: 'tags', label: 'Tags', hint: 'Add keywords separated by whitespace (1 to 5)' },
          EDIT_SUMMARY_FIELD,
        ]}
      >
        <Link to={`/question/${qid}`}>Cancel</Link>
      </PostForm>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Edit Question — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ missing: MSG.questionNotFound, failed: MSG.questionFetchError });
