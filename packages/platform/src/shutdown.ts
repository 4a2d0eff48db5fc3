/**
 * Graceful stop on SIGTERM (and SIGINT): run the service's `stop` (stop accepting, finish what
 * is in flight, close keep-alive connections without cutting a request, send sockets
 * elsewhere, close the database) and exit 0; if that has not finished within the deadline,
 * exit 1 anyway so the platform is never kept waiting.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
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
 * Stops `server` taking connections and resolves once every connection is closed: requests in
 * flight are answered; a request that arrives on an open keep-alive connection meanwhile is
 * answered too, with `Connection: close`; connections still idle after `idleGraceMs` are
 * closed; any still busy after `graceMs` are cut so the process can finish in time.
 */
export function closeHttpServer(
  server: Server,
  graceMs = SHUTDOWN_DEADLINE_MS - 2000,
  idleGraceMs = 1000,
): Promise<void> {
  return new Promise((resolve) => {
    // Node's own close() (Socket.IO calls it too) also destroys every idle keep-alive connection
    // at once, racing a client that is just sending its next request on one: it gets
    // ECONNRESET, not an answer. From now on close() only stops listening.
    const stopListening = (done?: (error?: Error) => void) => NetServer.prototype.close.call(server, done);
    server.close = stopListening as Server['close'];
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) =>
      res.setHeader('Connection', 'close'),
    );
    let idle: ReturnType<typeof setInterval> | undefined;
    const closeIdle = setTimeout(() => {
      server.closeIdleConnections();
      idle = setInterval(() => server.closeIdleConnections(), 50);
    }, idleGraceMs);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    stopListening(() => {
      clearTimeout(closeIdle);
      clearTimeout(cut);
      clearInterval(idle);
      resolve();
    });
  });
}
