/**
 * The serial-voting check of a web process (started beside the expiry purge and the mail worker
 * in remix-app/server/app.ts): once at start, then every SERIAL_VOTING.checkEveryMs, core's
 * `checkSerialVotes` reverses the serial votes of each finished UTC day not checked yet (each day
 * once, by whichever process claims it). With the database away a turn is skipped with a warning.
 */
import { checkSerialVotes, type Ports } from '@fso/core';
import { SERIAL_VOTING, type SerialVotingLimits } from '@fso/shared';
import type { Logger } from './logging.ts';

export function startSerialVoteChecks(
  ports: Pick<Ports, 'db' | 'clock'>,
  log: Logger,
  limits: SerialVotingLimits = SERIAL_VOTING,
): { stop(): void } {
  const turn = () =>
    void checkSerialVotes(ports, limits).then(
      (reversed) => reversed > 0 && log.info({ reversed }, 'serial votes reversed'),
      (error: unknown) => log.warn({ err: error }, 'serial votes not checked; trying again later'),
    );
  const timer = setInterval(turn, limits.checkEveryMs).unref();
  turn();
  return { stop: () => clearInterval(timer) };
}
