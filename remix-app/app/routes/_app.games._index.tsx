/**
 * `/games` (SPEC §2): the games, newest first and paged, with type, status (and a finished
 * game's winner) and players;
 * Create Game (any type of the game registry; the creator takes the first seat and lands on the game),
 * Refresh List, and Join Game on games still waiting for a player. Plain forms, so it all
 * works without JavaScript. With it the list follows `gameListUpdate` live (new games, joins,
 * results, cancelled games gone; components/live/game-list-deltas.ts).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useMemo } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { GAME_TYPES } from '@fso/game-engine';
import { createGame, joinGame, listGamesFor } from '@fso/core';
import { counted, createGameSchema, gameSeatSchema, gameSummaryOf, MSG, parseWith, withReason } from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { STATUS_LABEL, winnersLine } from '~/components/games/status.ts';
import { Pager } from '~/components/Pager.tsx';
import { gameListDeltas } from '~/components/live/game-list-deltas.ts';
import { useDeltas, useReloadAfterReconnect } from '~/components/live/useLive.ts';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { pageOffset } from '~/services/http.server.ts';
import { statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePageUser(request, context);
  const offset = pageOffset(new URL(request.url), PAGE_SIZE);
  const page = await listGamesFor(context.ports, callerOf(context, viewer), { limit: PAGE_SIZE, offset });
  return {
    games: page.games.map(gameSummaryOf),
    total: page.total,
    viewer: viewer.username,
    pageNumber: Math.floor(offset / PAGE_SIZE) + 1,
    pages: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  if (fields.intent === 'create') {
    const input = parseWith(createGameSchema, fields);
    const outcome = input.ok ? await createGame(context.ports, callerOf(context, actor), input.value) : input;
    if (outcome.ok) return redirect(`/games/${outcome.value.gameID}`);
    return refused('create', withReason(MSG.gameCreateError, outcome.message), statusOf(outcome));
  }
  const input = parseWith(gameSeatSchema, { gameID: fields.gameID, playerID: actor.username });
  const outcome = input.ok ? await joinGame(context.ports, callerOf(context, actor), input.value) : input;
  if (outcome.ok) return redirect(`/games/${outcome.value.gameID}`);
  return refused(`join:${fields.gameID ?? ''}`, outcome.message, statusOf(outcome));
}

export default function GamesPage() {
  const loaded = useLoaderData<typeof loader>();
  const { viewer, pageNumber, pages } = loaded;
  const initial = useMemo(() => ({ games: loaded.games, total: loaded.total }), [loaded]);
  const deltas = useMemo(() => gameListDeltas(pageNumber, PAGE_SIZE), [pageNumber]);
  const { games, total } = useDeltas(initial, deltas);
  useReloadAfterReconnect();
  const result = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';

  return (
    <section className="games-page">
      <div className="page-heading">
        <h1>Games</h1>
        <p className="muted">{counted(total, 'game')}</p>
      </div>
      <div className="row games-toolbar">
        <Form method="post" className="row">
          <input type="hidden" name="intent" value="create" />
          <label className="row">
            <span>Game type</span>
            <select name="gameType" defaultValue="Nim">
              {GAME_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="primary" disabled={busy}>
            Create Game
          </button>
        </Form>
        <Form method="get">
          <button type="submit">Refresh List</button>
        </Form>
      </div>
      <FormError message={replyError(result, 'create')} />
      {games.length === 0 ? (
        pageNumber > pages ? null : (
          <p className="empty">No games yet. Create one!</p>
        )
      ) : (
        <table className="game-table">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Players</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((game) => (
              <tr key={game.gameID} data-game-id={game.gameID}>
                <td data-label="Game">
                  <Link to={`/games/${game.gameID}`}>Game #{game.gameID}</Link>
                </td>
                <td data-label="Type">{game.gameType}</td>
                <td data-label="Status" data-status={game.state.status}>
                  {STATUS_LABEL[game.state.status]}
                  {game.state.status === 'OVER' ? (
                    <span className="game-result">
                      {winnersLine(game.state.winners)}
                      {game.state.leftBy ? ` (${game.state.leftBy} left)` : null}
                    </span>
                  ) : null}
                </td>
                <td data-label="Players">{game.players.join(', ') || '—'}</td>
                <td className="game-join">
                  {game.state.status === 'WAITING_TO_START' && !game.players.includes(viewer) ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="join" />
                      <input type="hidden" name="gameID" value={game.gameID} />
                      <button type="submit" disabled={busy}>
                        Join Game
                      </button>
                    </Form>
                  ) : null}
                  <FormError message={replyError(result, `join:${game.gameID}`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={pageNumber} pages={pages} href={(n) => (n > 1 ? `/games?page=${n}` : '/games')} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Games — Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ failed: MSG.gamesFetchError });
