/** A real load context over a test database (for route tests), with the ports of @fso/core/testing and a real search service. */
import type { AppLoadContext } from '@remix-run/node';
import { createSemanticService } from '@fso/search';
import { testPorts, type Recorded } from '@fso/core/testing';
import { searchStore, type Database } from '@fso/db';
import { createLogger, loadConfig } from '@fso/platform';

export type { Recorded };

export function testContext(
  database: Database,
  clientIp = '203.0.113.7',
  opts: { rateLimitFactor?: number } = {},
): { context: AppLoadContext; recorded: Recorded } {
  const log = createLogger({ level: 'silent' });
  const semantic = createSemanticService(searchStore(database.db), { workerIntervalMs: null, log });
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    ...(opts.rateLimitFactor === undefined ? {} : { rateLimitFactor: opts.rateLimitFactor }),
  };
  const { ports, recorded } = testPorts(database, { semantic, limits: { factor: config.rateLimitFactor } });
  return {
    context: { database, config, clientIp, log, cspNonce: 'test-nonce', thrown: [], ports: { ...ports, log } },
    recorded,
  };
}
