/**
 * GET /games/games?gameType=&status=&limit=&offset= → one page of games, newest first, each as
 * the signed-in viewer may see it (never another player's unhit ships); total in X-Total-Count.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { listGamesFor } from '@fso/core';
import { gameListQuerySchema, parseWith } from '@fso/shared';
import { ok, pageLimit, pageOffset, textError } from '~/services/http.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request, context);
  const url = new URL(request.url);
  const query = parseWith(gameListQuerySchema, Object.fromEntries(url.searchParams));
  if (!query.ok) return textError(400, query.message);
  const limit = pageLimit(url);
  const page = await listGamesFor(context.ports, callerOf(context, viewer), {
    ...query.value,
    limit,
    offset: pageOffset(url, limit),
  });
  return ok(page.games, { 'X-Total-Count': String(page.total) });
}
