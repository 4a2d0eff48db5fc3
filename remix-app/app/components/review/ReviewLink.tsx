/**
 * A moderator's link to the review queue in the header, with how many posts wait: read by the
 * layout's loader, then kept current by `reviewUpdate`, which the server sends to moderators'
 * own sockets whenever the queue changes.
 */
import { useEffect, useState } from 'react';
import { Link } from '@remix-run/react';
import { useSocketEvent } from '../socket.tsx';

export function ReviewLink({ pending: loaded }: { pending: number }) {
  const [pending, setPending] = useState(loaded);
  useEffect(() => setPending(loaded), [loaded]);
  useSocketEvent('reviewUpdate', (update) => setPending(update.pending));
  const label = pending === 0 ? 'Review queue, nothing waiting' : `Review queue, ${pending} waiting`;
  return (
    <Link to="/review" className="button compact-action review-link" aria-label={label} title={label}>
      <svg className="action-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M5 2h2v20H5zm4 1h10l-2.5 4L19 11H9z" />
      </svg>
      <span className="action-label">Review</span>
      {pending > 0 ? (
        <span className="review-badge" data-testid="review-count">
          {pending > 99 ? '99+' : pending}
        </span>
      ) : null}
    </Link>
  );
}
