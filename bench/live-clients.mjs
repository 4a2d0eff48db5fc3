/**
 * A child process of the `live` benchmark holding its share of the viewers: each a bare
 * websocket (bare-sockets.mjs) that connects to `/` as a visitor, answers pings and then
 * `watch`es what its page shows (one question, or the /home list's rows), as our pages do. It
 * counts the events delivered, and the disconnects: the only time a page re-reads its loader
 * (the HTTP requests a viewer would make). IPC: `connect` (url, count, topics) → `ready`;
 * `reset`; `report` → received, disconnects, connected.
 */
import { openSockets, serveParent } from './bare-sockets.mjs';

let received = 0;
let disconnects = 0;

function onFrame(ws, text, topic, connected) {
  if (text === '2') return ws.send('3'); // engine.io ping → pong
  if (text.startsWith('0{')) return ws.send('40{"visitor":true}');
  if (text.startsWith('40')) return ws.send(`420["watch",${JSON.stringify(topic)}]`);
  if (text.startsWith('430')) return connected();
  if (text.startsWith('42[')) received += 1;
}

serveParent({
  connect: ({ url, count, topics }) =>
    openSockets(
      count,
      () => url,
      {},
      (ws, text, connected, _refused, i) => onFrame(ws, text, topics[i % topics.length], connected),
      (ws) => ws.on('close', () => (disconnects += 1)),
    ),
  reset: () => {
    received = 0;
    disconnects = 0;
  },
  report: () => ({ received, disconnects }),
});
