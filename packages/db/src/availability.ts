/**
 * Whether the database answers at all: a bare `SELECT 1` within a time limit. The web server
 * asks after a request failed, to tell "the database is down or restarting" (503) from a bug.
 */
import type { Database } from './client.ts';

export async function databaseReachable(database: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      database.exec('SELECT 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
