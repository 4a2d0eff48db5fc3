/**
 * Route config (v3_routeConfig): the file-system convention of app/routes, with one change: the
 * login screen (`_index.tsx`) is a route of path "" rather than an index route, so its form
 * posts to `/` and a failed login leaves `/` in the address bar, not `/?index`.
 */
import type { RouteConfig } from '@remix-run/route-config';
import { flatRoutes } from '@remix-run/fs-routes';

export default flatRoutes().then((routes) => routes.map(({ index, ...route }) => (route.id === 'routes/_index' && index ? { ...route, path: '' } : { index, ...route }))) satisfies RouteConfig;
