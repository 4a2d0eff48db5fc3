/**
 * The one error screen, every route's ErrorBoundary (`export const ErrorBoundary =
 * routeErrorBoundary({...})`): a 404 says what was not found, a refused request (another 4xx
 * with a text) says why in the server's words, anything else gives the screen's own "could not
 * load" message. Inside the signed-in layout it fills the main column, so the header and side
 * menu stay usable; a screen outside it (login, sign-up, the document itself) gets a page of
 * its own. Server-rendered with the error's status, so it reads the same without JavaScript.
 */
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

interface Texts {
  /** What was not found (404), when the response does not say. */
  missing?: string;
  /** What could not be done (5xx, or a failure with no text of its own). */
  failed?: string;
  /** Where to go from here. */
  back?: { to: string; label: string };
  /** True for a screen outside the signed-in layout: the error brings its own <main>. */
  standalone?: boolean;
}

const HOME = { to: '/home', label: 'Back to the questions' };
/** For an address no route matches (the router's own 404 text names the URL to a developer). */
export const NOTHING_HERE = 'There is nothing at this address.';
const TRY_AGAIN = 'Please try again in a moment.';

/** What the error says of itself: its status, and its text when it is a refusal with one. */
function understood(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const said = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data !== '' ? error.data : null;
  const notFound = status === 404;
  const refused = !notFound && status < 500 ? said : null;
  const heading = notFound ? 'Page not found' : refused ? 'That request could not be handled' : 'Something went wrong';
  return { status, said, notFound, refused, heading };
}

/** The document title while an error is shown. */
export const errorTitle = (error: unknown) => `${understood(error).heading} — Fake Stack Overflow`;

export function RouteError({ missing, failed, back = HOME, standalone = false }: Texts) {
  const { status, said, notFound, refused, heading } = understood(useRouteError());
  const message = notFound ? (missing ?? said ?? NOTHING_HERE) : (refused ?? failed ?? TRY_AGAIN);
  const body = (
    <section className="route-error" aria-labelledby="route-error-heading" data-status={status}>
      <h1 id="route-error-heading">{heading}</h1>
      <p className="form-error" role="alert">
        {message}
      </p>
      <Link to={back.to}>{back.label}</Link>
    </section>
  );
  return standalone ? (
    <main className="error-page" id="main">
      {body}
    </main>
  ) : (
    body
  );
}

/** A route's ErrorBoundary export with its own texts. */
export function routeErrorBoundary(texts: Texts = {}) {
  return function ErrorBoundary() {
    return <RouteError {...texts} />;
  };
}
