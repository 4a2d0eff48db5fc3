/**
 * `/edit/answer/:aid` — the answer's author (or a user with the "edit without review" privilege)
 * edits its text with the answer form's rules, and may say what the edit does (its summary); the
 * old version is kept as a revision. Anyone else signed in suggests an edit, which waits for
 * review (the page then says so); a missing answer is 404. Without JavaScript the form's Preview
 * button shows the rendering and saves nothing.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { admit, can, editAnswer, loadAnswer, questionOfAnswer } from '@fso/core';
import { answerHref, answerTextSchema, editAnswerFormSchema, fieldErrors, MSG } from '@fso/shared';
import { POST_FORM, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { ANSWER_FIELDS } from '~/components/qa/AnswerBox.tsx';
import { EDIT_SUMMARY_FIELD, PostForm } from '~/components/qa/PostForm.tsx';
import { SuggestedNotice, suggestionMode } from '~/components/qa/SuggestedEdit.tsx';
import { refusedBy, replied } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { requireId } from '~/services/http.server.ts';
import { invariantOk } from '~/services/invariant.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const aid = requireId(params.aid);
  // The answer by its id: its question may have more answers than a read of the question carries.
  const found = await loadAnswer(context.ports, aid);
  invariantOk(found);
  const { answer, questionId } = found.value;
  const own = answer.ansBy?.toLowerCase() === actor.username.toLowerCase();
  return {
    qid: String(questionId),
    suggest: suggestionMode(own, can(callerOf(context, actor), 'editWithoutReview')),
    initial: { text: answer.text },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const aid = requireId(params.aid);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, answerTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'edit');
  if (!admitted.ok) return refusedBy(POST_FORM, admitted, { values });
  const parsed = fieldErrors(editAnswerFormSchema, values);
  if (!parsed.ok) return refusedBy(POST_FORM, parsed, { fields: parsed.errors, values });
  const outcome = await editAnswer(context.ports, admitted.value, { answerId: aid, ...parsed.value });
  if (!outcome.ok) return refusedBy(POST_FORM, outcome, { values });
  if ('suggestedEdit' in outcome.value) return replied(POST_FORM, outcome.value.message);
  const qid = await questionOfAnswer(context.ports, { answerId: aid });
  return redirect(answerHref(qid.ok ? qid.value : '', aid));
}

export default function EditAnswerPage() {
  const { qid, initial, suggest } = useLoaderData<typeof loader>();
  const suggested = replyMessage(useActionData<ActionReply>(), POST_FORM);
  if (suggested) return <SuggestedNotice message={suggested} back={`/question/${qid}`} />;
  return (
    <section className="new-post">
      <h1>{suggest ? 'Suggest an Edit' : 'Edit Answer'}</h1>
      {suggest ? <p className="muted">{suggest}</p> : null}
      <PostForm
        schema={editAnswerFormSchema}
        submit={suggest ? 'Suggest Edit' : 'Save Edits'}
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
