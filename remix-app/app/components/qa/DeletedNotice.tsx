/**
 * What a page says after the user deleted a post (issue 42): the question page after an answer
 * (`?notice=answer-deleted`), /home after a question (`?notice=question-deleted`).
 */
import { useSearchParams } from '@remix-run/react';
import { MSG } from '@fso/shared';

const NOTICES: Record<string, string> = {
  'answer-deleted': MSG.answerDeleted,
  'question-deleted': MSG.questionDeleted,
};

export function DeletedNotice() {
  const [params] = useSearchParams();
  const notice = NOTICES[params.get('notice') ?? ''];
  return notice ? (
    <p className="form-success" role="status">
      {notice}
    </p>
  ) : null;
}
