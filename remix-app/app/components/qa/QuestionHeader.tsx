/**
 * Under a question's title (issue 42, as on Stack Overflow): "Asked 3 hours ago · Modified 5
 * minutes ago · Viewed 12 times", each time a <time> with its exact moment (UTC) as its title.
 * Modified is the question's last activity: an edit, an answer or a comment.
 */
import { counted, relativeTime } from '@fso/shared';

export function QuestionHeader({
  asked,
  modified,
  views,
  now,
}: {
  asked: string;
  modified: string;
  views: number;
  now: number;
}) {
  return (
    <p className="question-header muted">
      <span>
        Asked <Moment at={asked} now={now} />
      </span>
      <span>
        Modified <Moment at={modified} now={now} />
      </span>
      <span id="view-count">Viewed {counted(views, 'time')}</span>
    </p>
  );
}

function Moment({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={`${at.slice(0, 19).replace('T', ' ')}Z`} suppressHydrationWarning>
      {relativeTime(new Date(at), new Date(now))}
    </time>
  );
}
