/**
 * `/edit/answer/:aid` — the answer's author edits its text with the answer form's rules, and may
 * say what the edit does (its summary); the old version is kept as a revision. Others get 403, a missing answer 404. Without JavaScript
 * the form's Preview button shows the rendering and saves nothing.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { admit, editAnswer, loadAnswer, questionOfAnswer } from '@fso/core';
import { answerHref, answerTextSchema, editAnswerFormSchema, fieldErrors, MSG } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { ANSWER_FIELDS } from '~/components/qa/AnswerBox.tsx';
import { EDIT_SUMMARY_FIELD, PostForm } from '~/components/qa/PostForm.tsx';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { requireId } from '~/services/http.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const aid = requireId(params.aid);
  // The answer by its id: its question may have more answers than a read of the question carries.
  const found = await loadAnswer(context.ports, aid);
  if (!found.ok) throw new Response(found.message, { status: 404 });
  const { answer, questionId } = found.value;
  if (answer.ansBy?.toLowerCase() !== actor.username.toLowerCase())
    throw new Response(MSG.notYourPost, { status: 403 });
  return { qid: String(questionId), initial: { text: answer.text } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const aid = requireId(params.aid);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, answerTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return { errors: { form: admitted.message }, values };
  const parsed = fieldErrors(editAnswerFormSchema, values);
  if (!parsed.ok) return { errors: parsed.errors, values };
  const outcome = await editAnswer(context.ports, admitted.value, { answerId: aid, ...parsed.value });
  if (!outcome.ok) return { errors: { form: outcome.message }, values };
  const qid = await questionOfAnswer(context.ports, aid);
  return redirect(answerHref(qid.ok ? qid.value : '', aid));
}

export default function EditAnswerPage() {
  const { qid, initial } = useLoaderData<typeof loader>();
  return (
    <section className="new-post">
      <h1>Edit Answer</h1>
      <PostForm
        schema={editAnswerFormSchema}
        submit="Save Edits"
        initial={initial}
        fields={[...ANSWER_FIELDS, EDIT_SUMMARY_FIELD]}
      >
        <Link to={`/question/${qid}`}>Cancel</Link>
      </PostForm>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Edit Answer — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ missing: MSG.answerNotFound, failed: MSG.questionFetchError });
