/** "Related" beside a question: the questions closest in meaning, each with its score and answer count. */
import { Link } from '@remix-run/react';
import { counted } from '@fso/shared';

export function RelatedQuestions({
  questions,
}: {
  questions: { _id: string; title: string; score: number; answerCount: number }[];
}) {
  if (questions.length === 0) return null;
  return (
    <aside className="related-questions" aria-labelledby="related-heading">
      <h2 id="related-heading">Related</h2>
      <ul>
        {questions.map((q) => (
          <li key={q._id}>
            <span className="related-score" title={`${counted(q.score, 'vote')}, ${counted(q.answerCount, 'answer')}`}>
              {q.score}
            </span>
            <Link to={`/question/${q._id}`}>{q.title}</Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
