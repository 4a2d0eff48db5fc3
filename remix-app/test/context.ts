/** A real load context over a test database, with a publisher that records what it was told. */
import type { AppLoadContext } from '@remix-run/node';
import type { Database } from '@fso/db';
import type { EventPublisher, SocketData } from '@fso/shared';
import { loadConfig } from '../server/config.ts';
import { createSemanticService } from '../server/semantic/service.ts';

export interface Recorded {
  events: { event: string; args: unknown[] }[];
  disconnectedUsers: string[];
  disconnectedSessions: string[];
  /** toRoomEach calls; `argsFor` answers what a given viewer would have been sent. */
  perViewer: { room: string; event: string; argsFor: (viewer: SocketData) => unknown[] | null }[];
}

export function testContext(database: Database, clientIp = '203.0.113.7'): { context: AppLoadContext; recorded: Recorded } {
  const recorded: Recorded = { events: [], disconnectedUsers: [], disconnectedSessions: [], perViewer: [] };
  const events: EventPublisher = {
    toAll: (event, ...args) => void recorded.events.push({ event, args }),
    toRoom: (room, event, ...args) => void recorded.events.push({ event, args: [...args, { room }] }),
    toRoomEach: async (room, event, argsFor) => void recorded.perViewer.push({ room, event, argsFor }),
    disconnectUser: (u) => void recorded.disconnectedUsers.push(u),
    disconnectSession: (s) => void recorded.disconnectedSessions.push(s),
  };
  const semantic = createSemanticService(database, { workerIntervalMs: null });
  return { context: { database, events, config: loadConfig({ NODE_ENV: 'test' }), clientIp, semantic }, recorded };
}
