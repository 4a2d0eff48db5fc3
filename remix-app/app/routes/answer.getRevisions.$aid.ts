/**
 * GET /answer/getRevisions/:aid?page= → what the answer said before each edit, newest first,
 * 20 at a time (page 1 first), with the number of edits in X-Total-Count.
 */
import { revisionsLoader } from '~/services/revisions-route.server.ts';

export const loader = revisionsLoader('answer', 'aid');
