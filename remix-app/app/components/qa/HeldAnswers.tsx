/** The viewer's own answers held for review (a new account's first post, issue 41), shown only to them with the "waiting for review" notice. */
import { FLAG_MSG } from '@fso/shared';
import { PostBody } from './PostBody.tsx';

export function HeldAnswers({ answers }: { answers: { _id: string; html: string }[] }) {
  if (answers.length === 0) return null;
  return (
    <section className="held-answers" aria-labelledby="held-answers-heading">
      <h2 id="held-answers-heading">Your answer, waiting for review</h2>
      {answers.map((a) => (
        <div key={a._id} id={`answer-${a._id}`} className="post">
          <p className="notice" role="status">
            {FLAG_MSG.heldNotice}
          </p>
          <PostBody html={a.html} />
        </div>
      ))}
    </section>
  );
}
