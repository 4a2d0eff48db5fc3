/**
 * The HTML document, shared by every screen, and the last-resort error page. The reader's
 * theme (a cookie) is written on <html> here, so the first byte has the right colours.
 */
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { errorTitle, NOTHING_HERE, routeErrorBoundary } from './components/RouteError.tsx';
import { useNonce } from './nonce.ts';
import { themeOf } from './services/theme.server.ts';
import styles from './styles.css?url';

export async function loader({ request }: LoaderFunctionArgs) {
  return { theme: await themeOf(request) };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useRouteLoaderData<typeof loader>('root')?.theme;
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Screens name themselves; this title is for the error page, and for a screen that does not.
export const meta: MetaFunction = ({ error }) => [{ title: error ? errorTitle(error) : 'Fake Stack Overflow' }];

export const ErrorBoundary = routeErrorBoundary({ standalone: true, missing: NOTHING_HERE });
