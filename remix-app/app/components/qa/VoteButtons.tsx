/**
 * Up/down vote buttons with the viewer's highlight (SPEC §4) and the count. The count is the
 * question's score: upvotes minus downvotes, plus the score an imported question came with.
 */
import { useFetcher } from '@remix-run/react';

export function VoteButtons({ upVotes, downVotes, score, viewer }: { upVotes: string[]; downVotes: string[]; score: number; viewer: string | null }) {
  const fetcher = useFetcher();
  const me = viewer?.toLowerCase();
  const highlight = me && upVotes.some((u) => u.toLowerCase() === me) ? 1 : me && downVotes.some((u) => u.toLowerCase() === me) ? -1 : 0;
  return (
    <fetcher.Form method="post" className="vote-buttons">
      <button type="submit" name="intent" value="upvote" className={highlight === 1 ? 'vote active' : 'vote'} aria-pressed={highlight === 1} aria-label="Upvote">
        ▲
      </button>
      <span className="vote-count" aria-label="Votes">
        {score}
      </span>
      <button type="submit" name="intent" value="downvote" className={highlight === -1 ? 'vote active' : 'vote'} aria-pressed={highlight === -1} aria-label="Downvote">
        ▼
      </button>
    </fetcher.Form>
  );
}
