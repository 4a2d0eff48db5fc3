/** POST /comment/unvoteComment {cid} → the comment's cid, score and upvoted: the caller's upvote taken back (issue 42). */
import { methodNotAllowed } from '~/services/http.server.ts';
import { commentVoteAction } from '~/services/vote-route.server.ts';

export const loader = methodNotAllowed;
export const action = commentVoteAction(false);
