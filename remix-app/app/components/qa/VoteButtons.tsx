/** Up/down vote buttons with the viewer's highlight (SPEC §4) and the count: upvotes minus downvotes. */
import { useFetcher } from '@remix-run/react';

export function VoteButtons({ upVotes, downVotes, viewer }: { upVotes: string[]; downVotes: string[]; viewer: string | null }) {
  const fetcher = useFetcher();
  const me = viewer?.toLowerCase();
  const highlight = me && upVotes.some((u) => u.toLowerCase() === me) ? 1 : me && downVotes.some((u) => u.toLowerCase() === me) ? -1 : 0;
  return (
    <fetcher.Form method="post" className="vote-buttons">
      <button type="submit" name="intent" value="upvote" className={highlight === 1 ? 'vote active' : 'vote'} aria-pressed={highlight === 1} aria-label="Upvote">
        ▲
      </button>
      <span className="vote-count" aria-label="Votes">
        {upVotes.length - downVotes.length}
      </span>
      <button type="submit" name="intent" value="downvote" className={highlight === -1 ? 'vote active' : 'vote'} aria-pressed={highlight === -1} aria-label="Downvote">
        ▼
      </button>
    </fetcher.Form>
  );
}
