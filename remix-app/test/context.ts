/** A real load context over a test database, with a publisher that records what it was told. */
import type { AppLoadContext } from '@remix-run/node';
import type { Database } from '@fso/db';
import type { EventPublisher, RoomViews, ServerToClientEvents } from '@fso/shared';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logging.ts';
import { createSemanticService } from '../server/semantic/service.ts';

export interface Recorded {
  events: { event: string; args: unknown[] }[];
  disconnectedUsers: string[];
  disconnectedSessions: string[];
  /** toRoomViews calls: what each viewer would have been sent. */
  perViewer: RoomViews<keyof ServerToClientEvents>[];
}

export function testContext(database: Database, clientIp = '203.0.113.7'): { context: AppLoadContext; recorded: Recorded } {
  const recorded: Recorded = { events: [], disconnectedUsers: [], disconnectedSessions: [], perViewer: [] };
  const events: EventPublisher = {
    toAll: (event, ...args) => void recorded.events.push({ event, args }),
    toQa: (event, ...args) => void recorded.events.push({ event, args }),
    toRoom: (room, event, ...args) => void recorded.events.push({ event, args: [...args, { room }] }),
    toRoomViews: (views) => void recorded.perViewer.push(views),
    disconnectUser: (u) => void recorded.disconnectedUsers.push(u),
    disconnectSession: (s) => void recorded.disconnectedSessions.push(s),
  };
  const log = createLogger({ level: 'silent' });
  const semantic = createSemanticService(database, { workerIntervalMs: null });
  return { context: { database, events, config: loadConfig({ NODE_ENV: 'test' }), clientIp, log, cspNonce: 'test-nonce', semantic }, recorded };
}
