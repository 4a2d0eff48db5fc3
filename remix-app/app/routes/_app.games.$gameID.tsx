/**
 * `/games/:gameID` (SPEC §2): one game as the signed-in user may see it — type, status, rules,
 * players, current mover, winners — with the game's own board and Leave Game. With JavaScript
 * it follows the game live and moves over the socket; without, its forms post here (join,
 * leave, move) through the same game service and come back; a Refresh link, and while the
 * player waits for the other (to join or to move) a `<meta http-equiv="refresh">`, show the
 * other player's move (both inside `<noscript>`, so a live page never reloads).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { moverOf } from '@fso/game-engine';
import { fail, findGameFor, joinGame, leaveGame, makeMove, type Result } from '@fso/core';
import { makeMoveSchema, MSG, parseId, parseWith, type Game, type GameMove } from '@fso/shared';
import { replyError, type ActionReply } from '~/components/action-reply.ts';
import { FormError } from '~/components/FormError.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { GameFacts } from '~/components/games/GameFacts.tsx';
import { screenOf } from '~/components/games/screens.ts';
import { useLiveGame } from '~/components/games/useLiveGame.ts';
import { LeaveGame } from '~/components/games/LeaveGame.tsx';
import { refused } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { moveFromForm } from '~/services/games.server.ts';
import { invariantOk, invariantResponse } from '~/services/invariant.server.ts';
import { statusOf } from '~/services/respond.server.ts';
import { callerOf, requirePageUser } from '~/services/session.server.ts';

function gameIdOf(raw: string | undefined): string {
  const id = parseId(raw);
  invariantResponse(id !== null, 404, MSG.gameNotFound);
  return String(id);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Signed out, any game address goes to sign in first, whether or not it could name a game.
  const viewer = await requirePageUser(request, context);
  const gameID = gameIdOf(params.gameID);
  const game = await findGameFor(context.ports, callerOf(context, viewer), { gameID });
  invariantOk(game);
  return { game: game.value, viewer: viewer.username };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const gameID = gameIdOf(params.gameID);
  const fields = await formFields(request);
  const deps = context.ports;
  const caller = callerOf(context, actor);
  const seat = { gameID, playerID: actor.username };
  let outcome: Result<Game>;
  let next = `/games/${gameID}`;
  if (fields.intent === 'join') outcome = await joinGame(deps, caller, seat);
  else if (fields.intent === 'leave') {
    outcome = await leaveGame(deps, caller, seat);
    next = '/games';
  } else if (fields.intent === 'move') {
    // The form's fields are its game's own: the game's type says how they read as a move.
    const game = await findGameFor(deps, caller, { gameID });
    const payload = game.ok
      ? parseWith(makeMoveSchema, {
          gameID,
          move: { playerID: actor.username, gameID, move: moveFromForm(game.value.gameType, fields) },
          version: fields.version ? Number(fields.version) : undefined,
        })
      : game;
    outcome = payload.ok ? await makeMove(deps, caller, payload.value) : payload;
  } else outcome = fail('invalid', 'Unknown action.');
  if (outcome.ok) return redirect(next);
  return refused(fields.intent ?? '', outcome.message, statusOf(outcome));
}

/** How often a page without JavaScript reloads while the other player is to act. */
const NO_SCRIPT_REFRESH_SECONDS = 5;

/** The game type's own panel (its screen's); a type this screen does not know says so (SPEC §8). */
function GamePanel({ game, viewer, sendMove }: { game: Game; viewer: string; sendMove: (move: GameMove) => boolean }) {
  const screen = screenOf(game.gameType);
  if (!screen) return <p className="form-error">{MSG.unknownGameType}</p>;
  const myTurn = moverOf(game.state) === viewer;
  return <screen.Panel state={game.state} viewer={viewer} version={game.version} myTurn={myTurn} sendMove={sendMove} />;
}

export default function GamePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<ActionReply>();
  const busy = useNavigation().state !== 'idle';
  const { game, error, sendMove } = useLiveGame(loaded.game, loaded.viewer);
  const { state } = game;
  const seated = game.players.includes(loaded.viewer);
  const waiting =
    seated &&
    (state.status === 'WAITING_TO_START' || (state.status === 'IN_PROGRESS' && moverOf(state) !== loaded.viewer));

  return (
    <section className="game-page">
      <h1>Game #{game.gameID}</h1>
      <GameFacts game={game} viewer={loaded.viewer} />
      <FormError message={error ?? replyError(posted)} />
      <GamePanel game={game} viewer={loaded.viewer} sendMove={sendMove} />
      <noscript>
        {waiting ? <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} /> : null}
        <p>
          <a href={`/games/${game.gameID}`}>Refresh</a> to see the other player’s move.
        </p>
      </noscript>
      <div className="row game-actions">
        {state.status === 'WAITING_TO_START' && !seated ? (
          <Form method="post">
            <input type="hidden" name="intent" value="join" />
            <button type="submit" className="primary" disabled={busy}>
              Join Game
            </button>
          </Form>
        ) : null}
        {seated && state.status !== 'OVER' ? (
          <LeaveGame
            playing={state.status === 'IN_PROGRESS'}
            opponent={game.players.find((p) => p !== loaded.viewer) ?? null}
            busy={busy}
          />
        ) : (
          <Link to="/games" className="button">
            {seated ? 'Leave Game' : 'Back to Games'}
          </Link>
        )}
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${d.game.gameType} game #${d.game.gameID} — Fake Stack Overflow` : 'Game — Fake Stack Overflow' },
];

export const ErrorBoundary = routeErrorBoundary({
  missing: MSG.gameNotFound,
  failed: MSG.gameServerError,
  back: { to: '/games', label: 'Back to the games' },
});
