/**
 * What a page says after the user deleted a post (issue 42): the question page after an answer
 * (`?notice=answer-deleted`), /home after a question (`?notice=question-deleted&post=ID`), each
 * with a link to the deleted post, which its author may undelete; and after undeleting, that it is back.
 */
import { Link, useSearchParams } from '@remix-run/react';
import { MSG, parseId } from '@fso/shared';

const NOTICES: Record<string, string> = {
  'answer-deleted': MSG.answerDeleted,
  'question-deleted': MSG.questionDeleted,
  'answer-undeleted': MSG.answerUndeleted,
  'question-undeleted': MSG.questionUndeleted,
};

export function DeletedNotice() {
  const [params] = useSearchParams();
  const key = params.get('notice') ?? '';
  const notice = NOTICES[key];
  const post = parseId(params.get('post'));
  return notice ? (
    <p className="form-success" role="status">
      {notice}
      {key === 'question-deleted' && post !== null ? (
        <>
          {' '}
          <Link to={`/question/${post}`}>See it or undelete it</Link>
        </>
      ) : null}
      {key === 'answer-deleted' ? (
        <>
          {' '}
          <a href="#your-deleted-answers">See it or undelete it</a>
        </>
      ) : null}
    </p>
  ) : null;
}
