/**
 * `/new/question` (SPEC §2): Question Title, Question Text, Tags, Post Question → back to /home
 * (a question held for review → its own page, which says so: issue 41); similar questions under
 * the title, a preview of the text, suggestions for the tag being typed.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { admit, askQuestion } from '@fso/core';
import { fieldErrors, questionFormSchema, questionTextSchema } from '@fso/shared';
import { useState } from 'react';
import { POST_FORM } from '~/components/action-reply.ts';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { PostForm } from '~/components/qa/PostForm.tsx';
import { TagSuggestions } from '~/components/qa/TagSuggestions.tsx';
import { SimilarQuestions } from '~/components/search/SimilarQuestions.tsx';
import { refusedBy } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { previewInstead } from '~/services/post-preview.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePageUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const values = await formFields(request);
  const preview = await previewInstead(context, actor, values, questionTextSchema);
  if (preview) return preview;
  const admitted = await admit(context.ports, callerOf(context, actor), 'question');
  if (!admitted.ok) return refusedBy(POST_FORM, admitted, { values });
  const parsed = fieldErrors(questionFormSchema, values);
  if (!parsed.ok) return refusedBy(POST_FORM, parsed, { fields: parsed.errors, values });
  const outcome = await askQuestion(context.ports, admitted.value, parsed.value);
  if (!outcome.ok) return refusedBy(POST_FORM, outcome, { values });
  return redirect('hidden' in outcome.value && outcome.value.hidden ? `/question/${outcome.value._id}` : '/home');
}

export default function NewQuestionPage() {
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  return (
    <section className="new-post">
      <h1>Ask a Question</h1>
      <PostForm
        schema={questionFormSchema}
        submit="Post Question"
        onFieldInput={(name, value) =>
          name === 'title' ? setTitle(value) : name === 'tags' ? setTags(value) : undefined
        }
        afterField={{ name: 'title', node: <SimilarQuestions title={title} /> }}
        fields={[
          { name: 'title', label: 'Question Title', hint: 'Limit title to 100 characters or less', maxLength: 100 },
          {
            name: 'text',
            label: 'Question Text',
            hint: 'Add details (Markdown; links as [label](https://…))',
            multiline: true,
          },
          {
            name: 'tags',
            label: 'Tags',
            hint: 'Add keywords separated by whitespace (1 to 5)',
            list: 'tag-suggestions',
          },
        ]}
      >
        <TagSuggestions id="tag-suggestions" input={tags} />
      </PostForm>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Ask a Question — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary();
