/**
 * A child process of the fan-out benchmark holding its share of the listening sockets, so the
 * load generator's parsing spreads over more than one event loop. Each socket is a bare
 * websocket speaking just enough of the Socket.IO protocol (open, connect to `/`, answer
 * pings, read events) to stay cheap: socket.io-client would cost the shared cores more than
 * the server it measures. Talks to its parent over IPC: `connect` (urls, cookie, count) →
 * `ready`; `reset` starts a measurement; `report` answers how many messages arrived and a
 * histogram of their delivery latency (0.1 ms buckets), from the send time in each message.
 */
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const FANOUT = /"fanout \d+ ([\d.]+)"/;
const sockets = [];
let received = 0;
let buckets = new Map();

function onFrame(ws, data, connected, refused) {
  const text = data.toString();
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

async function connectAll({ urls, cookie, count }) {
  for (let i = 0; i < count; i++) {
    const url = `${urls[i % urls.length].replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const ws = new WebSocket(url, { headers: { cookie } });
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.on('message', (data) => onFrame(ws, data, resolve, reject));
      ws.once('error', reject);
    });
  }
}

const open = () => sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;

process.on('message', async (command) => {
  if (command.type === 'connect') {
    await connectAll(command);
    process.send({ type: 'ready', connected: open() });
  } else if (command.type === 'reset') {
    received = 0;
    buckets = new Map();
    process.send({ type: 'reset' });
  } else if (command.type === 'report') {
    process.send({ type: 'report', received, buckets: [...buckets], connected: open() });
  } else if (command.type === 'close') {
    for (const ws of sockets) ws.close();
    process.exit(0);
  }
});
