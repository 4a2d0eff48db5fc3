/**
 * Graceful stop on SIGTERM (and SIGINT): run the service's `stop` (stop accepting, finish what
 * is in flight, send sockets elsewhere, close the database) and exit 0; if that has not
 * finished within the deadline, exit 1 anyway so the platform is never kept waiting.
 */
import type { Server } from 'node:http';
import type { Logger } from './logging.ts';

export const SHUTDOWN_DEADLINE_MS = 10_000;

export function stopOnSignal(stop: () => Promise<void>, log: Logger, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error({ ms: Date.now() - started }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => {
        log.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * Stops `server` taking connections and resolves once its in-flight requests are answered;
 * connections still busy after `graceMs` are cut so the process can finish in time.
 */
export function closeHttpServer(server: Server, graceMs = SHUTDOWN_DEADLINE_MS - 2000): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    // A kept-alive connection turns idle once its answer is sent: close it then, not at the client's leisure.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(cut);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}
