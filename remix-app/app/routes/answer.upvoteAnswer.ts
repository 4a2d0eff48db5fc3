/** POST /answer/upvoteAnswer {aid} → the answer's aid, upVotes and downVotes. */
import { methodNotAllowed } from '~/services/http.server.ts';
import { answerVoteAction } from '~/services/vote-route.server.ts';

export const loader = methodNotAllowed;
export const action = answerVoteAction(1);
