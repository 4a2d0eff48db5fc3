/**
 * The processes' HTTP server (http-server.ts): a client that sends its request slowly, headers or
 * body, is answered 408 and cut off instead of holding the connection for Node's default 300 s.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server.ts';

/** Writes `head` on a raw connection and never finishes the request; resolves with what the server sent back. */
async function unfinished(head: string): Promise<string> {
  // Answers once the whole body is read, as the web server's body limit does.
  const server = createHttpServer((req, res) => void req.resume().on('end', () => res.end('served')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write(head);
    await new Promise((resolve) => socket.on('close', resolve));
    return answer;
  } finally {
    server.close();
  }
}

describe.concurrent('the HTTP server of every process', () => {
  it('answers 408 and closes a request whose body never finishes', async () => {
    const answer = await unfinished('POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nonly a little');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it('answers 408 and closes a request whose headers never finish', async () => {
    const answer = await unfinished('GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);
});
