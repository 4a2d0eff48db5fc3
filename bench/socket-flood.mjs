/**
 * One socket floods the server (issue 14, item 4): a signed-in player sends 20,000 makeMove
 * frames for its own game as fast as it can (about 0.2 s), while another process asks
 * GET /healthz every 20 ms. Prints /healthz latency (p50 / p99 / max, ms) during the flood and
 * how long the server stayed busy, once with the per-socket limit at its default
 * (RATE_LIMIT_FACTOR=1) and once raised 1000× (in effect no limit, as before it existed).
 * Not part of `npm run bench`: run alone, after `npm run build`:
 *   node bench/socket-flood.mjs [port] [factor …]
 * or against a server already running (started with the RATE_LIMIT_FACTOR to measure):
 *   FLOOD_URL=http://127.0.0.1:5150 node bench/socket-flood.mjs
 */
import { io } from 'socket.io-client';
import { probeHealthz, probeSummary, startFresh } from './flood-harness.mjs';
import { machine, post, signUp } from './lib.mjs';

const FRAMES = 20_000;

async function run(factor, port) {
  const server = process.env.FLOOD_URL
    ? { base: process.env.FLOOD_URL, stop: () => undefined }
    : await startFresh({ SEED_DEMO: 'false', RATE_LIMIT_FACTOR: String(factor) }, port);
  try {
    const [flooder, victim] = ['flooder', 'victim'].map((n) => `${n}${Date.now().toString(36)}`);
    const [p1, p2] = [await signUp(server.base, flooder), await signUp(server.base, victim)];
    const { gameID } = await post(server.base, p1, '/games/create', { gameType: 'Nim' });
    await post(server.base, p2, '/games/join', { gameID, playerID: victim });
    const socket = io(server.base, { transports: ['websocket'], extraHeaders: { cookie: p1 }, reconnection: false });
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    let replies = 0;
    let disconnectedAt = null;
    socket.on('gameError', () => replies++);
    socket.on('gameUpdate', () => replies++);
    socket.on('disconnect', () => (disconnectedAt ??= Date.now()));
    const probes = probeHealthz(server.base, 8);
    await new Promise((r) => setTimeout(r, 1000));
    const start = Date.now();
    for (let i = 0; i < FRAMES && socket.connected; i++)
      socket.emit('makeMove', { gameID, move: { playerID: flooder, gameID, move: { numObjects: 1 } } });
    const sentMs = Date.now() - start;
    const samples = await probes;
    socket.close();
    return {
      factor,
      sentMs,
      replies,
      disconnectedAfterMs: disconnectedAt === null ? null : disconnectedAt - start,
      ...probeSummary(samples, start),
      // The slow probes: [ms after the flood began, latency ms].
      slowest: samples.filter(([at, ms]) => at >= start && ms > 50).map(([at, ms]) => [at - start, ms]),
    };
  } finally {
    server.stop();
  }
}

const port = Number(process.argv[2] ?? 5150);
const round = (v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
console.log(JSON.stringify({ machine: machine(), frames: FRAMES }));
const factors = process.env.FLOOD_URL
  ? ['as started']
  : process.argv.slice(3).length
    ? process.argv.slice(3).map(Number)
    : [1, 1000];
for (const factor of factors) {
  console.log(JSON.stringify(await run(factor, port), (_, v) => round(v)));
}
