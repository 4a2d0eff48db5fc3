/** `/new/answer/:qid` (SPEC §2): Answer Text and Post Answer → back to the question. */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { admit, answerQuestion } from '@fso/core';
import { answerFormSchema, answerTextSchema, fieldErrors, parseId } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { PostForm } from '~/components/qa/PostForm.tsx';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

/** Without a usable id the user goes home, where "Question ID is missing." is shown. */
function questionId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw redirect('/home?notice=question-id-missing');
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  questionId(params.qid);
  await requirePageUser(request, context);
  return null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const qid = questionId(params.qid);
  const actor = await requirePageUser(request, context);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, answerTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'answer');
  if (!admitted.ok) return { errors: { form: admitted.message }, values };
  const parsed = fieldErrors(answerFormSchema, values);
  if (!parsed.ok) return { errors: parsed.errors, values };
  const outcome = await answerQuestion(context.ports, admitted.value, qid, parsed.value.text);
  if (!outcome.ok) return { errors: { form: outcome.message }, values };
  return redirect(`/question/${qid}#answer-${outcome.value._id}`);
}

export default function NewAnswerPage() {
  return (
    <section className="new-post">
      <h1>Answer Question</h1>
      <PostForm
        schema={answerFormSchema}
        submit="Post Answer"
        fields={[
          { name: 'text', label: 'Answer Text', hint: 'Markdown; links as [label](https://…)', multiline: true },
        ]}
      />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Answer Question — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
