/** GET /review/getHeld?limit=&offset= → new accounts' first posts held for review, oldest first, total in X-Total-Count; moderators only. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { reviewQueueLoader } from '~/services/review-route.server.ts';

export const loader = (args: LoaderFunctionArgs) => reviewQueueLoader(args, 'held');
