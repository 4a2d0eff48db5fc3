/**
 * GET /review/getFlags?limit=&offset= → posts with pending flags, oldest first, grouped per post
 * (type, id, question, text, author, hidden, reasons with counts, each flagger's flag), total in
 * X-Total-Count; moderators only (403 otherwise).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { reviewQueueLoader } from '~/services/review-route.server.ts';

export const loader = (args: LoaderFunctionArgs) => reviewQueueLoader(args, 'flagged');
