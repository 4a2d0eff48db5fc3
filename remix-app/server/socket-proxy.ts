/**
 * Split mode: the web server forwards the Socket.IO path to a realtime instance, so a browser
 * on the web port keeps using `/socket.io` on the page's host (SPEC §7). Long-polling requests
 * are relayed as plain HTTP; websocket upgrades are relayed byte for byte. Headers pass
 * unchanged (the session cookie authenticates the socket at the realtime instance).
 */
import { request, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import { MSG } from '@fso/shared';

export const SOCKET_PATH = '/socket.io';

const upstreamOptions = (target: URL, req: IncomingMessage) => ({
  host: target.hostname,
  port: target.port || 80,
  method: req.method,
  path: req.url,
  headers: { ...req.headers, host: target.host },
});

/** Express handler for `/socket.io` HTTP requests (long-polling, the handshake). */
export function socketHttpProxy(target: URL) {
  return (req: Request, res: Response) => {
    const upstream = request({ ...upstreamOptions(target, req), path: req.originalUrl }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.status(502).type('text/plain').send(MSG.unavailable);
    });
    req.pipe(upstream);
  };
}

/** Relays websocket upgrades on `/socket.io` to the realtime instance; any other upgrade is refused. */
export function proxySocketUpgrades(server: Server, target: URL): void {
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (!req.url?.startsWith(`${SOCKET_PATH}/`)) return void client.destroy();
    const upstream = request(upstreamOptions(target, req));
    upstream.on('upgrade', (answer, socket, upstreamHead) => {
      socket.on('error', () => client.destroy());
      client.on('close', () => socket.destroy());
      socket.on('close', () => client.destroy());
      const headers = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) headers.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      client.write(`HTTP/1.1 101 Switching Protocols\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length) client.write(upstreamHead);
      if (head.length) socket.write(head);
      socket.pipe(client).pipe(socket);
    });
    upstream.on('response', (answer) => {
      // The instance refused the upgrade: pass its answer on and close.
      client.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      answer.resume();
    });
    upstream.on('error', () => client.destroy());
    upstream.end();
  });
}
