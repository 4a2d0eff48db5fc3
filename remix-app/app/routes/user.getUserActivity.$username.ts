/**
 * GET /user/getUserActivity/:username?limit=&qoffset=&aoffset= → the user's reputation and
 * profile with their questions and answers, newest first, each paged (docs/decisions/0021).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { userActivity } from '@fso/core';
import { pageLimit } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { requireApiUser } from '~/services/session.server.ts';

const offset = (url: URL, name: string) => {
  const n = Number(url.searchParams.get(name) ?? 0);
  return Number.isInteger(n) ? Math.min(Math.max(0, n), 1_000_000) : 0;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const url = new URL(request.url);
  const activity = await userActivity(context.ports, {
    username: params.username ?? '',
    limit: pageLimit(url, 20),
    questionOffset: offset(url, 'qoffset'),
    answerOffset: offset(url, 'aoffset'),
  });
  return respond(activity, (found) => found);
}
