/**
 * What a closed or locked question says above itself (issue 41), server-rendered for visitors
 * and crawlers: a duplicate's banner "This question already has an answer here:" linking the
 * target, another closure's reason, a lock; and what takes the place of the answer box.
 */
import { Link } from '@remix-run/react';
import { CLOSE_REASON_TEXT, MOD_MSG, type Question } from '@fso/shared';

type State = Pick<Question, 'closed' | 'locked'>;

const closers = (by: string[]) => (by.length ? ` by ${by.join(', ')}` : '');

export function ClosureNotices({ question }: { question: State }) {
  const { closed, locked } = question;
  return (
    <>
      {closed?.reason === 'duplicate' && closed.duplicateOf ? (
        <aside className="duplicate-banner" aria-label="Duplicate" data-testid="duplicate-banner">
          <p>
            <strong>This question already has an answer here:</strong>
          </p>
          <p>
            <Link to={`/question/${closed.duplicateOf}`}>
              {closed.duplicateTitle ?? `Question ${closed.duplicateOf}`}
            </Link>
          </p>
          <p className="muted">Closed as a duplicate{closers(closed.by)}.</p>
        </aside>
      ) : closed ? (
        <p className="notice closure-notice" role="status" data-testid="closed-notice">
          Closed{closers(closed.by)}. {CLOSE_REASON_TEXT[closed.reason]}.
        </p>
      ) : null}
      {locked ? (
        <p className="notice closure-notice" role="status" data-testid="locked-notice">
          Locked by a moderator: this question takes no new answers, comments, votes or edits.
        </p>
      ) : null}
    </>
  );
}

/** Why a closed or locked question has no answer box; null when it takes answers. */
export function noAnswersReason(question: State): string | null {
  if (question.locked) return `${MOD_MSG.questionLocked}: it takes no new answers.`;
  if (question.closed) return `${MOD_MSG.questionClosed}: it takes no new answers.`;
  return null;
}
