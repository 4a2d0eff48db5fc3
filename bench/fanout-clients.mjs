/**
 * A child process of the fan-out benchmark holding its share of the listening sockets, so the
 * load generator's parsing spreads over more than one event loop. Talks to its parent over
 * IPC: `connect` (urls, cookie, count) → `ready`; `reset` starts a measurement; `report`
 * answers how many messages arrived and a histogram of their delivery latency (0.1 ms buckets),
 * measured from the send time the parent wrote into each message.
 */
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let received = 0;
let buckets = new Map();

function onMessage({ msg }) {
  const [tag, , sentAt] = msg.msg.split(' ');
  if (tag !== 'fanout') return;
  received += 1;
  const bucket = Math.max(0, Math.round((now() - Number(sentAt)) * 10));
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
}

async function connectAll({ urls, cookie, count }) {
  for (let i = 0; i < count; i++) {
    const socket = io(urls[i % urls.length], { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    socket.on('messageUpdate', onMessage);
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  }
}

process.on('message', async (command) => {
  if (command.type === 'connect') {
    await connectAll(command);
    process.send({ type: 'ready', connected: sockets.filter((s) => s.connected).length });
  } else if (command.type === 'reset') {
    received = 0;
    buckets = new Map();
    process.send({ type: 'reset' });
  } else if (command.type === 'report') {
    process.send({ type: 'report', received, buckets: [...buckets], connected: sockets.filter((s) => s.connected).length });
  } else if (command.type === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
