/** Test helper: serves a request listener on a random loopback port. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(handler: RequestListener): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
