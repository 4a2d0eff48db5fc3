/**
 * The JSON logger (pino) every process writes through, on stdout: ISO time, pid, errors with
 * message, stack and causes. Never logged: the parameters of a failed SQL query (they can hold
 * password hashes and session ids); passwords, cookies and secrets named in a log object are
 * redacted. Request logs (ids, one line per request) are the web server's (remix-app/server/logging.ts).
 */
import type { DestinationStream, Logger } from 'pino';
import { pino, stdSerializers } from 'pino';

export type { Logger };

/** An error as logged: message and stack, with SQL parameters cut out, causes followed. */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const plain = stdSerializers.err(error) as unknown as Record<string, unknown>;
  if ('params' in error) {
    delete plain.params;
    plain.message = error.message.replace(/\nparams: [\s\S]*$/, '');
    plain.stack =
      typeof plain.stack === 'string' ? plain.stack.replace(/\nparams: [\s\S]*?(?=\n {4}at )/, '') : plain.stack;
  }
  if (error.cause !== undefined) plain.cause = serializeError(error.cause);
  return plain;
}

export function createLogger(opts: { level?: string } = {}, destination?: DestinationStream): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      // A second line of defence if a secret is ever passed in a log object.
      redact: {
        paths: [
          'password',
          '*.password',
          'cookie',
          '*.cookie',
          'headers.cookie',
          '*.headers.cookie',
          'authorization',
          '*.authorization',
          'sessionSecret',
          '*.sessionSecret',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
