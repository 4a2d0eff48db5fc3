/**
 * `is:answer`'s results on /home (issue 42): each answer as "A: its question's title" linking to
 * the answer on the question's page, its score and accepted mark, the text around its first
 * match with the search's words marked, and its author with reputation.
 */
import { Link } from '@remix-run/react';
import type { AnswerListItem } from '@fso/core';
import { counted, type Segment } from '@fso/shared';
import { MathText } from '~/components/MathText.tsx';
import { Byline } from '~/components/qa/Byline.tsx';
import { Highlighted } from '~/components/search/Highlighted.tsx';

type Rendered = { text: string; html: string } | null;

export function AnswerResults(props: {
  answers: AnswerListItem[];
  math: Record<string, { title: Rendered; excerpt: Rendered }>;
  mark: (text: string) => Segment[];
  reputations: Record<string, number>;
  now: number;
  empty: string | null;
}) {
  const { answers, math, mark, reputations, now } = props;
  if (answers.length === 0) return props.empty ? <p className="empty">{props.empty}</p> : null;
  return (
    <ul className="question-list answer-results">
      {answers.map((a) => {
        const rendered = math[`a${a._id}`];
        return (
          <li key={a._id} className="question-summary">
            <div className="stats muted">
              <span>{counted(a.score, 'vote')}</span>
              {a.accepted ? (
                <span className="answers-stat accepted" title="the accepted answer">
                  <span aria-label="accepted">✓ </span>accepted
                </span>
              ) : null}
            </div>
            <div className="summary-main">
              <Link className="question-title" to={`/question/${a.questionId}#answer-${a._id}`}>
                A:{' '}
                {rendered?.title ? (
                  <MathText text={a.title} math={rendered.title} />
                ) : (
                  <Highlighted segments={mark(a.title)} />
                )}
              </Link>
              <p className="search-excerpt">
                {rendered?.excerpt ? (
                  <MathText text={a.excerpt} math={rendered.excerpt} />
                ) : (
                  <Highlighted segments={mark(a.excerpt)} />
                )}
              </p>
              <Byline
                user={a.ansBy}
                verb="answered"
                date={a.ansDateTime}
                now={now}
                reputation={a.ansBy ? reputations[a.ansBy] : undefined}
                avatar
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
