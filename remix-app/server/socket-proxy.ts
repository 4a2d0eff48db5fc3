/**
 * Relaying HTTP requests and websocket upgrades to another server, unchanged (headers pass as
 * they are, so the session cookie still authenticates there). Split mode uses it to forward the
 * Socket.IO path to a realtime instance, so a browser on the web port keeps using `/socket.io`
 * on the page's host (SPEC §7); the local test balancer (remix-app/test/balancer.ts) uses it for everything.
 */
import { request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import { MAX_BODY_BYTES, MSG } from '@fso/shared';
import { ByteLimit, refuseTooLarge } from './body-limit.ts';

export const SOCKET_PATH = '/socket.io';

/**
 * path: instead of the request's own; keepHost: pass Host on as the client sent it (a front
 * proxy); maxBodyBytes: count the body as it passes and answer 413 past this many bytes.
 */
export interface RelayOptions {
  path?: string;
  keepHost?: boolean;
  maxBodyBytes?: number;
}

const upstreamOptions = (
  target: URL,
  req: IncomingMessage,
  { path = req.url, keepHost = false }: Omit<RelayOptions, 'maxBodyBytes'>,
) => ({
  host: target.hostname,
  port: target.port || 80,
  method: req.method,
  path,
  // The site's own host goes on as X-Forwarded-Host: the target's origin check compares with it (csrf.ts).
  headers: keepHost
    ? req.headers
    : { ...req.headers, host: target.host, 'x-forwarded-host': req.headers['x-forwarded-host'] ?? req.headers.host },
});

// Headers about one connection, not the message: each hop has its own (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);
const endToEnd = (headers: IncomingMessage['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * Relays one HTTP request (body streamed) to `target` and its answer back; 502 if it cannot be
 * reached. A target may answer before it has read the whole body (413): the answer stands, the
 * rest of the body is read into nothing, and the client's connection stays usable.
 */
export function relayHttp(target: URL, req: IncomingMessage, res: ServerResponse, options: RelayOptions = {}): void {
  const { maxBodyBytes } = options;
  if (maxBodyBytes !== undefined && Number(req.headers['content-length'] ?? 0) > maxBodyBytes)
    return refuseTooLarge(req, res);
  const upstreamRequest = upstreamOptions(target, req, options);
  let answered: IncomingMessage | undefined;
  let refused = false;
  const body = maxBodyBytes === undefined ? req : req.pipe(new ByteLimit(maxBodyBytes));
  const dropBody = () => {
    body.unpipe(upstream);
    req.unpipe();
    req.resume();
  };
  const upstream = request({ ...upstreamRequest, headers: endToEnd(upstreamRequest.headers) }, (answer) => {
    answered = answer;
    res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(res);
    // Node's client stops sending the rest of a body once the answer has ended (its 'drain' never
    // comes): read the rest into nothing and give up that connection.
    answer.on('end', () => {
      if (upstream.writableFinished) return;
      dropBody();
      upstream.destroy();
    });
  });
  upstream.on('error', () => {
    dropBody();
    if (refused) return;
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(MSG.unavailable);
    else if (!answered?.complete) res.destroy();
  });
  body.on('error', () => {
    refused = true;
    req.unpipe();
    refuseTooLarge(req, res);
    upstream.destroy();
  });
  body.pipe(upstream);
}

/** Relays one websocket upgrade to `target`, then the bytes both ways until either side closes. */
export function relayUpgrade(
  target: URL,
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
  options: RelayOptions = {},
): void {
  client.on('error', () => client.destroy());
  const upstream = request(upstreamOptions(target, req, options));
  upstream.on('upgrade', (answer, socket, upstreamHead) => {
    socket.on('error', () => client.destroy());
    client.on('close', () => socket.destroy());
    socket.on('close', () => client.destroy());
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2)
      headers.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    client.write(`HTTP/1.1 101 Switching Protocols\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length) client.write(upstreamHead);
    if (head.length) socket.write(head);
    socket.pipe(client).pipe(socket);
  });
  upstream.on('response', (answer) => {
    // The server refused the upgrade: pass its answer on and close.
    client.end(
      `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    answer.resume();
  });
  upstream.on('error', () => client.destroy());
  upstream.end();
}

/** Express handler for `/socket.io` HTTP requests (long-polling, the handshake). */
export const socketHttpProxy = (target: URL) => (req: Request, res: Response) =>
  relayHttp(target, req, res, { path: req.originalUrl, maxBodyBytes: MAX_BODY_BYTES });

/** Relays websocket upgrades on `/socket.io` to the realtime instance; any other upgrade is refused. */
export function proxySocketUpgrades(server: Server, target: URL): void {
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    if (!req.url?.startsWith(`${SOCKET_PATH}/`)) return void client.destroy();
    relayUpgrade(target, req, client, head);
  });
}
