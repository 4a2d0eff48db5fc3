/**
 * A child process of the `live` benchmark: a bare Socket.IO server (no app), with or without
 * the site's sliced broadcasts (argv[2] = `sliced` | `plain`, realtime/src/sliced-broadcast.ts),
 * that measures what one broadcast to every connected socket costs the event loop. Sockets that
 * `watch` (bench/live-clients.mjs) join the one room. IPC: sends `{ port }` once listening;
 * `measure` → `{ blockMs, timerLagMs, maxTimerLagMs }`, medians (and the worst lag) over 40
 * broadcasts: how long the emit call held the thread, and how late a timer set just before it ran.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const BROADCASTS = 40;
if (process.argv[2] === 'sliced') (await import('../realtime/src/sliced-broadcast.ts')).sliceLargeBroadcasts();

const http = createServer();
const io = new Server(http);
io.on('connection', (socket) => {
  socket.on('watch', (_topic, ack) => {
    void socket.join('viewers');
    if (typeof ack === 'function') ack({ ok: true });
  });
});
http.listen(0, '127.0.0.1', () => process.send({ port: http.address().port }));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

process.on('message', async (command) => {
  if (command.type !== 'measure') return;
  const blocks = [];
  const lags = [];
  for (let i = 0; i < BROADCASTS; i++) {
    await sleep(150);
    const started = performance.now();
    const lag = new Promise((resolve) => setTimeout(() => resolve(performance.now() - started), 0));
    io.to('viewers').emit('voteUpdate', { qid: '1', upVotes: ['livevoter'], downVotes: [] });
    blocks.push(performance.now() - started);
    lags.push(await lag);
  }
  process.send({ blockMs: median(blocks), timerLagMs: median(lags), maxTimerLagMs: Math.max(...lags) });
  process.exit(0);
});
