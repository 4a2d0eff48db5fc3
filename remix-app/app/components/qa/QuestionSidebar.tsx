/**
 * Beside a question (issue 42): "Linked", the questions its posts link to or whose posts link to
 * it, and "Related", the questions closest in meaning; each with its score. A column to the right
 * on wide screens, after the answers on narrow ones (styles/question-page.css). Titles with TeX
 * show the math the server rendered (`math`, by title: issue 42 item 3).
 */
import { Link } from '@remix-run/react';
import { counted } from '@fso/shared';
import { MathTitle } from '../MathText.tsx';

interface QuestionLink {
  _id: string;
  title: string;
  score: number;
  answerCount: number;
}

export function QuestionSidebar({
  linked,
  related,
  math,
}: {
  linked: QuestionLink[];
  related: QuestionLink[];
  math: Record<string, string>;
}) {
  if (linked.length === 0 && related.length === 0) return null;
  return (
    <aside className="question-sidebar" aria-label="Linked and related questions">
      <QuestionLinks id="linked-heading" heading="Linked" questions={linked} math={math} />
      <QuestionLinks id="related-heading" heading="Related" questions={related} math={math} />
    </aside>
  );
}

function QuestionLinks({
  id,
  heading,
  questions,
  math,
}: {
  id: string;
  heading: string;
  questions: QuestionLink[];
  math: Record<string, string>;
}) {
  if (questions.length === 0) return null;
  return (
    <section className="question-links" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul>
        {questions.map((q) => (
          <li key={q._id}>
            <span
              className="question-link-score"
              title={`${counted(q.score, 'vote')}, ${counted(q.answerCount, 'answer')}`}
            >
              {q.score}
            </span>
            <Link to={`/question/${q._id}`}>
              <MathTitle text={q.title} math={math} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
