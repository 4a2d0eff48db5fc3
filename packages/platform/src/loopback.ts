/** A TCP port free on loopback now (for a process this one starts next to itself). */
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
