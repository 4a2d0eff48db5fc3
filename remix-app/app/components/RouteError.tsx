/** A screen's error boundary body: one message for "not found" (404), another for any other failure. */
import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';

export function RouteError({ missing, failed, children }: { missing: string; failed: string; children?: ReactNode }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section>
      <p className="form-error" role="alert">
        {notFound ? missing : failed}
      </p>
      {children}
    </section>
  );
}
