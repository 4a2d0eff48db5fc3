/**
 * `/new/answer/:qid` (SPEC §2): Answer Text and Post Answer → back to the question. The question
 * being answered is shown above the form (issue 42); the question page's own answer box posts
 * here too.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { admit, answerQuestion, questionToAnswer } from '@fso/core';
import { answerFormSchema, answerHref, answerTextSchema, fieldErrors, MSG, parseId } from '@fso/shared';
import { POST_FORM } from '~/components/action-reply.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { ANSWER_FIELDS } from '~/components/qa/AnswerBox.tsx';
import { PostForm } from '~/components/qa/PostForm.tsx';
import { QuestionInView } from '~/components/qa/QuestionInView.tsx';
import { refusedBy } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { failureResponse } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

/** Without a usable id the user goes home, where "Question ID is missing." is shown. */
function questionId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw redirect('/home?notice=question-id-missing');
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const qid = questionId(params.qid);
  await requirePageUser(request, context);
  const outcome = await questionToAnswer(context.ports, { questionId: qid });
  if (!outcome.ok) throw failureResponse(outcome);
  return { ...outcome.value, now: Date.now() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const qid = questionId(params.qid);
  const actor = await requirePageUser(request, context);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, answerTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'answer');
  if (!admitted.ok) return refusedBy(POST_FORM, admitted, { values });
  const parsed = fieldErrors(answerFormSchema, values);
  if (!parsed.ok) return refusedBy(POST_FORM, parsed, { fields: parsed.errors, values });
  const outcome = await answerQuestion(context.ports, admitted.value, { qid, text: parsed.value.text });
  if (!outcome.ok) return refusedBy(POST_FORM, outcome, { values });
  return redirect(answerHref(qid, outcome.value._id));
}

export default function NewAnswerPage() {
  const { question, html, now } = useLoaderData<typeof loader>();
  return (
    <section className="new-post">
      <h1>Answer Question</h1>
      <QuestionInView question={question} html={html} now={now} />
      <PostForm schema={answerFormSchema} submit="Post Answer" fields={ANSWER_FIELDS} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Answer Question — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ missing: MSG.questionNotFound, failed: MSG.questionFetchError });
