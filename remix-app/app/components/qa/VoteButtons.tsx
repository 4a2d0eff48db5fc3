/**
 * Up/down vote buttons with the viewer's highlight (SPEC §4) and the count, for a question or
 * (with `answerId`) an answer. The count is the post's score: upvotes minus downvotes, plus the
 * score an imported question came with. On the viewer's own post only the count shows (nobody
 * votes on their own post, as on Stack Overflow); a refused vote is said under the count.
 */
import { useFetcher } from '@remix-run/react';
import { replyError, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';

interface Props {
  upVotes: string[];
  downVotes: string[];
  score: number;
  viewer: string | null;
  /** Set for an answer's votes; omitted for the question's. */
  answerId?: string;
  /** The refusal after a no-JavaScript post. */
  serverError?: string | null;
  /** The viewer wrote the post: the count alone, no arrows. */
  own?: boolean;
}

export function VoteButtons({ upVotes, downVotes, score, viewer, answerId, serverError, own = false }: Props) {
  const fetcher = useFetcher<ActionReply>();
  const form = answerId ? `vote:answer:${answerId}` : 'vote:question';
  const me = viewer?.toLowerCase();
  const highlight =
    me && upVotes.some((u) => u.toLowerCase() === me)
      ? 1
      : me && downVotes.some((u) => u.toLowerCase() === me)
        ? -1
        : 0;
  const error = replyError(fetcher.data, form) ?? serverError ?? null;
  // The question's labels are the ones SPEC-era tests and users know; an answer's differ, so
  // each control on the page has its own name.
  const label = answerId
    ? { up: 'Vote up on this answer', down: 'Vote down on this answer', count: 'Answer score' }
    : { up: 'Upvote', down: 'Downvote', count: 'Votes' };
  if (own)
    return (
      <div className="vote-buttons">
        <span className="vote-count" aria-label={label.count}>
          {score}
        </span>
      </div>
    );
  return (
    <fetcher.Form method="post" className="vote-buttons">
      {answerId ? <input type="hidden" name="answer" value={answerId} /> : null}
      <button
        type="submit"
        name="intent"
        value="upvote"
        className={highlight === 1 ? 'vote active' : 'vote'}
        aria-pressed={highlight === 1}
        aria-label={label.up}
      >
        ▲
      </button>
      <span className="vote-count" aria-label={label.count}>
        {score}
      </span>
      <button
        type="submit"
        name="intent"
        value="downvote"
        className={highlight === -1 ? 'vote active' : 'vote'}
        aria-pressed={highlight === -1}
        aria-label={label.down}
      >
        ▼
      </button>
      <FormError message={error} />
    </fetcher.Form>
  );
}
