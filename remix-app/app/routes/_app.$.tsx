/**
 * Any address no screen matches: a 404 inside the site's layout, so the header and side menu
 * stay usable as on every other 404 (issue 42); a write to such an address is a 404 too.
 */
import { NOTHING_HERE, routeErrorBoundary } from '~/components/RouteError.tsx';
import { textError } from '~/services/http.server.ts';

const nothingHere = () => {
  throw textError(404, NOTHING_HERE);
};

export const loader = nothingHere;
export const action = nothingHere;

export default function NothingHere() {
  return null;
}

export const ErrorBoundary = routeErrorBoundary({ missing: NOTHING_HERE });
