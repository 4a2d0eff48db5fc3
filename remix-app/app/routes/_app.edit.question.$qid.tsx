/**
 * `/edit/question/:qid` — the asker (or a user with the "edit without review" privilege) edits
 * title, text and tags with the ask form's rules, and may say what the edit does (its summary);
 * the old version is kept as a revision. Anyone else signed in suggests an edit, which waits for
 * review (the page then says so); a missing question is 404. Without JavaScript the form's
 * Preview button shows the rendering and saves nothing.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { admit, can, editQuestion, loadQuestion } from '@fso/core';
import { editQuestionFormSchema, fieldErrors, MSG, questionTextSchema } from '@fso/shared';
import { SuggestedNotice, suggestionMode } from '~/components/qa/SuggestedEdit.tsx';
import { POST_FORM, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { EDIT_SUMMARY_FIELD, PostForm } from '~/components/qa/PostForm.tsx';
import { refusedBy, replied } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { requireId } from '~/services/http.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const outcome = await loadQuestion(context.ports, requireId(params.qid));
  invariantOk(outcome);
  const q = outcome.value;
  const own = q.askedBy?.toLowerCase() === actor.username.toLowerCase();
  invariantResponse(!q.hidden || own, 404, MSG.questionNotFound);
  return {
    qid: q._id,
    suggest: suggestionMode(own, can(callerOf(context, actor), 'editWithoutReview')),
    initial: { title: q.title, text: q.text, tags: q.tags.map((t) => t.name).join(' ') },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const id = requireId(params.qid);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, questionTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return refusedBy(POST_FORM, admitted, { values });
  const parsed = fieldErrors(editQuestionFormSchema, values);
  if (!parsed.ok) return refusedBy(POST_FORM, parsed, { fields: parsed.errors, values });
  const outcome = await editQuestion(context.ports, admitted.value, { questionId: id, ...parsed.value });
  if (!outcome.ok) return refusedBy(POST_FORM, outcome, { values });
  if ('suggestedEdit' in outcome.value) return replied(POST_FORM, outcome.value.message);
  return redirect(`/question/${id}`);
}

export default function EditQuestionPage() {
  const { qid, initial, suggest } = useLoaderData<typeof loader>();
  const suggested = replyMessage(useActionData<ActionReply>(), POST_FORM);
  if (suggested) return <SuggestedNotice message={suggested} back={`/question/${qid}`} />;
  return (
    <section className="new-post">
      <h1>{suggest ? 'Suggest an Edit' : 'Edit Question'}</h1>
      {suggest ? <p className="muted">{suggest}</p> : null}
      <PostForm
        schema={editQuestionFormSchema}
        submit={suggest ? 'Suggest Edit' : 'Save Edits'}
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
