/**
 * A small round-robin load balancer for running a cluster locally (the e2e suite's cluster
 * mode): each HTTP request and each websocket upgrade goes to the next target in turn, with no
 * stickiness of any kind, as a platform's proxy may do. Requests pass unchanged (socket-proxy.ts).
 */
import { createServer, type Server } from 'node:http';
import { relayHttp, relayUpgrade } from '../server/socket-proxy.ts';

export function createBalancer(targets: URL[]): Server {
  let turn = 0;
  const next = () => targets[turn++ % targets.length]!;
  // Host passes unchanged, as in front of a real site (the CSRF guard compares it with Origin).
  const server = createServer((req, res) => relayHttp(next(), req, res, { keepHost: true }));
  server.on('upgrade', (req, client, head: Buffer) => relayUpgrade(next(), req, client, head, { keepHost: true }));
  return server;
}
