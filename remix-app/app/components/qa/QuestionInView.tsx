/**
 * The question an answer is written to, above the answer form at `/new/answer/:qid` (issue 42):
 * its title linking back, tags, asker and body, in a box that scrolls on its own when long, so
 * the form stays close.
 */
import { Link } from '@remix-run/react';
import type { PageQuestion } from '@fso/shared';
import { Byline } from './Byline.tsx';
import { PostBody } from './PostBody.tsx';
import { TagList } from './TagList.tsx';

interface Props {
  question: Pick<PageQuestion, '_id' | 'title' | 'tags' | 'askedBy' | 'askDateTime'>;
  html: string;
  now: number;
}

export function QuestionInView({ question, html, now }: Props) {
  return (
    <section className="question-in-view" aria-labelledby="answering-title">
      <h2 id="answering-title">
        <Link to={`/question/${question._id}`}>{question.title}</Link>
      </h2>
      {/* Focusable, so a keyboard scrolls a long question too. */}
      <div className="question-in-view-body" tabIndex={0} role="region" aria-label="The question">
        <PostBody html={html} />
      </div>
      <TagList tags={question.tags} />
      <Byline user={question.askedBy} verb="asked" date={question.askDateTime} now={now} />
    </section>
  );
}
