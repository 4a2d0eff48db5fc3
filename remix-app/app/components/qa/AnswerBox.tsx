/**
 * "Your Answer" under a question (issue 42): the answer form on the question's own page, so the
 * question stays in view while it is written. It posts to `/new/answer/:qid`, which comes back to
 * the question at the new answer; with JavaScript its errors show here, without it a refused post
 * lands on that form (which shows the question too). Visitors get a link to log in and return.
 */
import { Link } from '@remix-run/react';
import { answerFormSchema } from '@fso/shared';
import { PostForm, type PostField } from './PostForm.tsx';

export function AnswerBox({ qid, viewer }: { qid: string; viewer: string | null }) {
  return (
    <section className="answer-box" aria-labelledby="your-answer">
      <h2 id="your-answer">Your Answer</h2>
      {viewer ? (
        <PostForm action={`/new/answer/${qid}`} schema={answerFormSchema} submit="Post Answer" fields={ANSWER_FIELDS} />
      ) : (
        <p>
          <Link to={`/?redirectTo=${encodeURIComponent(`/question/${qid}`)}`}>Log in</Link> to answer this question.
        </p>
      )}
    </section>
  );
}

/** The field of every answer form: this box, `/new/answer/:qid` and `/edit/answer/:aid`. */
export const ANSWER_FIELDS: PostField[] = [
  { name: 'text', label: 'Answer Text', hint: 'Markdown; links as [label](https://…)', multiline: true },
];
