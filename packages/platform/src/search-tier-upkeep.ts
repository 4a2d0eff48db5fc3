/**
 * The search tiers' upkeep in a process that serves searches (decision record 0074): started with
 * the web server and stopped with it, so a process that only supervises others (the single entry
 * in cluster mode, which closes its database) never looks. Logs through the process's logger.
 */
import { startSearchTierUpkeep, type Database } from '@fso/db';
import type { Logger } from './logging.ts';

export function keepSearchTiersCut(database: Database, log: Logger): { stop(): void } {
  const stop = startSearchTierUpkeep(database, {
    log: (message, err) => (err ? log.warn({ err }, message) : log.info(message)),
  });
  return { stop };
}
