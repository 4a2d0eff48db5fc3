/**
 * A child process of the fan-out benchmark holding its share of the listening sockets, so the
 * load generator's parsing spreads over more than one event loop. Each socket is a bare
 * websocket (bare-sockets.mjs) that connects to `/`, answers pings and reads events. IPC:
 * `connect` (urls, cookie, count) → `ready`; `reset` starts a measurement; `report` answers how
 * many messages arrived and a histogram of their delivery latency (0.1 ms buckets), from the
 * send time in each message.
 */
import { openSockets, serveParent } from './bare-sockets.mjs';

const now = () => performance.timeOrigin + performance.now();
const FANOUT = /"fanout \d+ ([\d.]+)"/;
let received = 0;
let buckets = new Map();

function onFrame(ws, text, connected, refused) {
  if (text === '2') return ws.send('3'); // engine.io ping → pong
  if (text.startsWith('0{')) return ws.send('40'); // engine.io open → connect to namespace `/`
  if (text.startsWith('40')) return connected();
  if (text.startsWith('44')) return refused(new Error(text));
  if (!text.startsWith('42["messageUpdate"')) return;
  const sentAt = FANOUT.exec(text)?.[1];
  if (!sentAt) return;
  received += 1;
  const bucket = Math.max(0, Math.round((now() - Number(sentAt)) * 10));
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
}

serveParent({
  connect: ({ urls, cookie, count }) =>
    openSockets(count, (i) => urls[i % urls.length], { headers: { cookie } }, onFrame),
  reset: () => {
    received = 0;
    buckets = new Map();
  },
  report: () => ({ received, buckets: [...buckets] }),
});
