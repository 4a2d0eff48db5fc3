/** Test helpers: serves a request listener on a random loopback port; sends a huge chunked body. */
import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(
  handler: RequestListener,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Streams up to `total` bytes chunked (no Content-Length) to `url`, a 64 kB buffer at a time,
 * until the server answers; resolves with the status, the answer and how much was sent.
 */
export function sendChunked(url: string, total: number): Promise<{ status: number; text: string; sent: number }> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text, sent }));
    });
    // The server closes the connection after its 413; what the client was still sending is cut.
    req.on('error', (error) => void (answered || reject(error)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
