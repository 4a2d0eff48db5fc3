/**
 * GET /question/getRevisions/:qid?page= → what the question said before each edit, newest first,
 * 20 at a time (page 1 first), with the number of edits in X-Total-Count.
 */
import { revisionsLoader } from '~/services/revisions-route.server.ts';

export const loader = revisionsLoader('question', 'qid');
